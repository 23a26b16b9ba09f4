import HTTPTransport

/// One route of a ``Router``: a method, a pattern split into segments, and its handler.
struct Route: Sendable {
  private enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  let method: HTTPMethod
  /// The pattern as given, `/api/library/{id}`.
  let pattern: String
  let handler: RouteHandler
  private let segments: [Segment]

  /// How many path segments the pattern has: a path matches only with as many.
  var segmentCount: Int { segments.count }

  /// A route for `pattern`, whose `{name}` segments are parameters.
  init(method: HTTPMethod, pattern: String, handler: @escaping RouteHandler) {
    self.method = method
    self.pattern = pattern
    self.handler = handler
    segments = Self.segments(of: pattern).map { segment in
      segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2
        ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
    }
  }

  /// The segments of a path, without its leading `/`; empty ones are kept.
  static func segments(of path: String) -> [Substring] {
    let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
    return trimmed.split(separator: "/", omittingEmptySubsequences: false)
  }

  /// The `{name}` values when this route matches `path`, or `nil`.
  func parameters(matching path: [Substring]) -> [String: String]? {
    guard segments.count == path.count else { return nil }
    var parameters: [String: String] = [:]
    for (segment, part) in zip(segments, path) {
      switch segment {
      case .literal(let literal):
        guard literal.utf8.elementsEqual(part.utf8) else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        parameters[name] = String(part)
      }
    }
    return parameters
  }

  /// `true` when, at the first segment where they differ in kind, this route has a parameter.
  func isLessSpecific(than other: Route) -> Bool {
    for (left, right) in zip(segments, other.segments) {
      switch (left, right) {
      case (.parameter, .literal): return true
      case (.literal, .parameter): return false
      default: continue
      }
    }
    return false
  }
}
