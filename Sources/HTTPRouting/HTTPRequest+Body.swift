import Foundation
import HTTPTransport

extension HTTPRequest {
  /// The fields of an `application/x-www-form-urlencoded` body (`+` is a space; the last value wins).
  ///
  /// - Throws: ``HTTPRequestError`` when the body is not UTF-8 or holds a bad percent escape.
  public func form() throws -> [String: String] {
    guard let text = String(data: body, encoding: .utf8) else {
      throw HTTPRequestError.invalidForm("the body is not UTF-8")
    }
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = try Self.formDecoded(parts[0])
      fields[name] = parts.count == 2 ? try Self.formDecoded(parts[1]) : ""
    }
    return fields
  }

  /// The JSON body decoded as `T`, after a strict check of its syntax: no trailing commas, no
  /// repeated keys, no number beyond a `Double`'s range, one value and nothing after it. A number
  /// that does not fit the integer type `T` asks for is refused too, never read as 0.
  ///
  /// - Throws: ``HTTPRequestError`` saying what did not decode.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONSyntax.check(body)
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch let error as DecodingError {
      throw HTTPRequestError.invalidJSON(error)
    }
  }

  private static func formDecoded(_ text: Substring) throws -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    guard let decoded = spaced.removingPercentEncoding else {
      throw HTTPRequestError.invalidForm("bad percent escape in \"\(text)\"")
    }
    return decoded
  }
}
