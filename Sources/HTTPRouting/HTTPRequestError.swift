/// A request body that is not what the handler asked for: not a form, or not the expected JSON.
public struct HTTPRequestError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong, for a person: `the JSON body has no "title" (a string)`.
  public let message: String

  /// The message.
  public var description: String { message }

  // MARK: - Kinds

  static func invalidForm(_ reason: String) -> HTTPRequestError {
    HTTPRequestError(message: "invalid form body: \(reason)")
  }

  static func invalidJSON(_ error: DecodingError) -> HTTPRequestError {
    HTTPRequestError(message: "invalid JSON body: \(describe(error))")
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "missing \"\(path(context.codingPath + [key]))\""
    case .typeMismatch(let type, let context):
      return "\"\(path(context.codingPath))\" is not \(type)"
    case .valueNotFound(let type, let context):
      return "\"\(path(context.codingPath))\" is null, expected \(type)"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "not JSON" : "\"\(path(context.codingPath))\": \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }
}
