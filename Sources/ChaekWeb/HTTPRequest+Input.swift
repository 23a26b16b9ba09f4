import BookModel
import Foundation
import HTTPRouting
import HTTPTransport

/// A JSON object a request sends: its fields are ``Field``'s cases, and a body with any other key is
/// refused (a misspelt `"raiting"` must not be silently ignored).
protocol RequestBody: Decodable {
  /// The fields the body may have.
  associatedtype Field: CodingKey & CaseIterable
}

extension HTTPRequest {
  /// The body as `T`: strict JSON (see `HTTPRequest.decode`), an object with only `T`'s fields; an
  /// empty body is the empty object `{}`.
  ///
  /// - Throws: ``APIError`` 415 for a body that does not say it is JSON, 400 saying what is wrong.
  func input<T: RequestBody>(_ type: T.Type) throws(APIError) -> T {
    try requireJSON()
    let request = body.isEmpty ? with(body: Data("{}".utf8)) : self
    do {
      let names = try request.decode(FieldNames.self).names
      let known = T.Field.allCases.map(\.stringValue)
      if let unknown = names.sorted().first(where: { !known.contains($0) }) {
        throw APIError.badRequest(
          "unknown field \"\(unknown)\": the body's fields are \(known.joined(separator: ", "))")
      }
      return try request.decode(T.self)
    } catch let error as APIError {
      throw error
    } catch {
      throw .badRequest("\(error)")
    }
  }

  /// Refuses a body that is not said to be JSON (`Content-Type: application/json`, or a `+json`
  /// type), so that a body is read as what it claims to be; an empty body claims nothing.
  ///
  /// - Throws: ``APIError`` 415.
  func requireJSON() throws(APIError) {
    guard !body.isEmpty else { return }
    let type = mediaType
    guard type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) else {
      throw .unsupportedMediaType(
        "the body must be JSON, sent as Content-Type: application/json, not \(type.isEmpty ? "no type" : type)"
      )
    }
  }

  /// The types a file to import comes as: what browsers give a CSV or JSON file picked on a phone
  /// or a desktop (Windows calls a CSV `application/vnd.ms-excel`), a file of no known type, none.
  static let fileTypes: Set<String> = [
    "", "text/csv", "text/comma-separated-values", "application/csv", "application/vnd.ms-excel",
    "text/plain",
    "application/json", "application/x-ndjson", "application/jsonl", "application/octet-stream",
  ]

  /// Refuses a body that says it is something other than a file to import (a form, a page, an image).
  ///
  /// - Throws: ``APIError`` 415.
  func requireFile() throws(APIError) {
    guard Self.fileTypes.contains(mediaType) else {
      throw .unsupportedMediaType(
        "send the file itself, as text/csv, application/json or application/octet-stream, not \(mediaType)")
    }
  }

  /// The body's media type, lowercased, without its parameters; empty when it has none.
  private var mediaType: String {
    (headers["Content-Type"] ?? "").split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
  }

  /// The book identity in the path's `{id}`.
  ///
  /// - Throws: ``APIError`` 400 for a path that names no book.
  func bookID() throws(APIError) -> BookID {
    guard let text = pathParameters["id"], let id = BookID(parsing: text) else {
      throw .badRequest("not a book id: \(pathParameters["id"] ?? "")")
    }
    return id
  }

  /// The whole number in the path's `{name}` (a note's or a reading's id, a year).
  ///
  /// - Throws: ``APIError`` 400 when it is not one.
  func pathInteger(_ name: String) throws(APIError) -> Int {
    guard let text = pathParameters[name], let value = Int(text) else {
      throw .badRequest("\(name) must be a whole number, not \(pathParameters[name] ?? "nothing")")
    }
    return value
  }

  /// The whole number in the query's `name`, or `nil` when it is absent.
  ///
  /// - Throws: ``APIError`` 400 when it is not one.
  func queryInteger(_ name: String) throws(APIError) -> Int? {
    guard let text = query[name] else { return nil }
    guard let value = Int(text) else { throw .badRequest("\(name) must be a whole number, not \(text)") }
    return value
  }

  /// The day (`YYYY-MM-DD`) in the query's `name`, or `nil` when it is absent.
  ///
  /// - Throws: ``APIError`` 400 when it is not a day.
  func queryDay(_ name: String) throws(APIError) -> CalendarDay? {
    guard let text = query[name] else { return nil }
    guard let day = CalendarDay(text) else {
      throw .badRequest("\(name) must be a day (YYYY-MM-DD), not \(text)")
    }
    return day
  }

  private func with(body: Data) -> HTTPRequest {
    HTTPRequest(
      method: method, path: path, query: query, headers: headers, body: body, pathParameters: pathParameters,
      clientAddress: clientAddress)
  }
}

/// The keys of a JSON object (and a refusal of anything else).
private struct FieldNames: Decodable {
  let names: [String]

  init(from decoder: any Decoder) throws {
    names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
  }

  private struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension HTTPRequest {
  /// The shelf in the query's `shelf`, or `nil` when it is absent.
  ///
  /// - Throws: ``APIError`` 400 for a name that is not a shelf.
  func queryShelf() throws(APIError) -> Shelf? {
    guard let name = query["shelf"] else { return nil }
    guard let shelf = Shelf(rawValue: name) else {
      throw .badRequest(
        "shelf must be \(Shelf.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)")
    }
    return shelf
  }
}
