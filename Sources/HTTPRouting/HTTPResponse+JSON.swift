import Foundation
import HTTPTransport

extension HTTPResponse {
  /// `value` as JSON (sorted keys, `/` not escaped), `application/json; charset=utf-8`.
  ///
  /// - Throws: the encoder's error for a value that cannot be encoded (a 500, if the handler lets
  ///   it go).
  public static func json(_ value: some Encodable, status: Int = 200) throws -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return json(raw: try encoder.encode(value), status: status)
  }
}
