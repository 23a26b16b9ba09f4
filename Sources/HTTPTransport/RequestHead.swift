import CMicroHTTPD
import Foundation

/// A request's head as the handler sees it, read from libmicrohttpd once the head has arrived, or
/// the answer that refuses it before any handler runs.
///
/// Refused with 400: a request line without `HTTP/1.0` or `HTTP/1.1` at its end (a raw NUL cuts
/// it short); a path or query argument that is not UTF-8 or holds a NUL once decoded; a header
/// whose name is not a token or whose value is not UTF-8 or holds a NUL; both `Content-Length` and
/// `Transfer-Encoding` (the classic way to hide a second request in a body); several
/// `Content-Length`s that disagree; `chunked` twice or not last. Another `Transfer-Encoding` gets
/// 501. Refusals close the connection, so that nothing left of the request is read as another one.
struct RequestHead {
  let method: HTTPMethod
  /// The percent-decoded path.
  let path: String
  /// The decoded query arguments; for a repeated name the last value wins.
  let query: [String: String]
  let headers: HTTPHeaders

  /// Reads the head of the request on `connection` whose raw target (before decoding) is `target`.
  static func read(
    from connection: OpaquePointer, method: String, version: String, target: [UInt8]
  ) -> Result<RequestHead, HTTPRefusal> {
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      return .failure(.badRequest("the request line must end with HTTP/1.1 (or HTTP/1.0)"))
    }
    var headers = HTTPHeaders()
    var invalidHeader: String?
    var ends: [(name: UInt, valueEnd: UInt)] = []
    values(of: connection, kind: .HEADER_KIND) { name, value in
      if let start = name.baseAddress {
        let value = value.baseAddress.map { UInt(bitPattern: $0) + UInt(value.count) }
        ends.append((UInt(bitPattern: start), value ?? UInt(bitPattern: start) + UInt(name.count) + 1))
      }
      guard invalidHeader == nil else { return }
      guard !name.isEmpty, name.allSatisfy(Self.isTokenByte), let key = RequestText.text(name) else {
        invalidHeader = "a header name is not a token (letters, digits, and !#$%&'*+-.^_`|~)"
        return
      }
      guard let text = RequestText.text(value) else {
        invalidHeader = "the header \(key) is not UTF-8 text, or holds a NUL"
        return
      }
      headers.add(key, text)
    }
    if invalidHeader == nil && holdsRawNUL(ends) { invalidHeader = "a header value holds a NUL byte" }
    if let invalidHeader { return .failure(.badRequest(invalidHeader)) }
    if let refusal = framingRefusal(headers) { return .failure(refusal) }
    guard let path = RequestText.path(ofTarget: target) else {
      return .failure(.badRequest("the path is not UTF-8 text, or holds a NUL (%00)"))
    }
    var query: [String: String] = [:]
    var invalid: String?
    values(of: connection, kind: .GET_ARGUMENT_KIND) { name, value in
      guard invalid == nil else { return }
      guard let key = RequestText.text(name) else {
        invalid = "a query parameter's name is not UTF-8 text, or holds a NUL (%00)"
        return
      }
      guard let text = RequestText.text(value) else {
        invalid = "the query parameter \"\(key)\" is not UTF-8 text, or holds a NUL (%00)"
        return
      }
      query[key] = text
    }
    if let invalid { return .failure(.badRequest(invalid)) }
    return .success(
      RequestHead(method: HTTPMethod(rawValue: method), path: path, query: query, headers: headers))
  }

  // MARK: - Framing

  /// A request whose body length is ambiguous, or framed in a way the server does not read.
  private static func framingRefusal(_ headers: HTTPHeaders) -> HTTPRefusal? {
    let lengths = headers.values(for: "Content-Length").map { $0.trimmingCharacters(in: .whitespaces) }
    let encodings = headers.values(for: "Transfer-Encoding")
    guard lengths.count + encodings.count > 1 || !encodings.isEmpty else { return nil }
    if !encodings.isEmpty && !lengths.isEmpty {
      return .badRequest("a request may not have both Content-Length and Transfer-Encoding")
    }
    if Set(lengths).count > 1 {
      return .badRequest("the request has conflicting Content-Length headers")
    }
    let codings = encodings.joined(separator: ",").split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    if codings.filter({ $0 == "chunked" }).count > 1 || codings.dropLast().contains("chunked") {
      return .badRequest("chunked must be the last Transfer-Encoding, and only once")
    }
    let encoding = codings.joined(separator: ", ")
    if !encodings.isEmpty && encoding != "chunked" {
      return .notImplemented(
        "Transfer-Encoding \(encoding) is not supported; send chunked or a Content-Length")
    }
    return nil
  }

  /// `true` when a raw NUL byte cut a header value short.
  ///
  /// libmicrohttpd (0.9.75) parses the head in place: each value is a C string that ends where its
  /// line's CR or LF was, the line break turned into NUL bytes, and the next header's name starts
  /// right after. So between a value's end and the next name there are only NUL bytes, and after
  /// the last value two of them (its line break and the blank line's). Anything else there is the
  /// rest of a value that a NUL cut short. Spans that are not in one buffer are not judged.
  private static func holdsRawNUL(_ headers: [(name: UInt, valueEnd: UInt)]) -> Bool {
    for (index, header) in headers.enumerated() {
      let gapEnd = index + 1 < headers.count ? headers[index + 1].name : header.valueEnd + 2
      guard gapEnd > header.valueEnd, gapEnd - header.valueEnd < 1 << 16,
        let gap = UnsafePointer<UInt8>(bitPattern: header.valueEnd)
      else { continue }
      if (0..<Int(gapEnd - header.valueEnd)).contains(where: { gap[$0] != 0 }) { return true }
    }
    return false
  }

  /// RFC 9110's `tchar`: the bytes a header name is made of.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"):
      true
    default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  // MARK: - libmicrohttpd's values

  /// Calls `body` with the bytes of each name and value of `kind` the connection has, in order. The
  /// sizes come from libmicrohttpd, so a decoded NUL is part of the bytes rather than their end.
  private static func values(
    of connection: OpaquePointer, kind: MHD_ValueKind,
    _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
  ) {
    withoutActuallyEscaping(body) { body in
      var visitor = body
      _ = withUnsafeMutablePointer(to: &visitor) { pointer in
        MHD_get_connection_values_n(
          connection, kind,
          { context, _, key, keySize, value, valueSize in
            guard let context, let key else { return .YES }
            let name = UnsafeRawBufferPointer(start: key, count: keySize)
            let text = UnsafeRawBufferPointer(start: value, count: value == nil ? 0 : valueSize)
            context.assumingMemoryBound(
              to: ((UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void).self
            ).pointee(name, text)
            return .YES
          }, pointer)
      }
    }
  }
}
