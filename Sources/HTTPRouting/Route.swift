import HTTPTransport

/// One route of a ``Router``: a method, a pattern, its parameters' names and its handler.
struct Route: Sendable {
  /// One segment of a pattern.
  enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  /// How a route answers.
  enum Handler: Sendable {
    /// It may wait (for a database, the network).
    case waiting(RouteHandler)
    /// It answers at once, without waiting for anything.
    case immediate(ImmediateRouteHandler)
  }

  let method: HTTPMethod
  /// The pattern as given, `/api/library/{id}`.
  let pattern: String
  let handler: Handler
  /// The pattern's segments, without its leading `/`.
  let segments: [Segment]
  /// The names of the `{name}` segments, in the pattern's order.
  let parameterNames: [String]

  /// A route for `pattern`, whose `{name}` segments are parameters.
  init(method: HTTPMethod, pattern: String, handler: Handler) {
    self.method = method
    self.pattern = pattern
    self.handler = handler
    segments = Self.segments(of: pattern).map { segment in
      segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2
        ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
    }
    parameterNames = segments.compactMap { segment in
      guard case .parameter(let name) = segment else { return nil }
      return name
    }
  }

  /// The segments of a pattern, without its leading `/`; empty ones are kept. Split at each `/`
  /// byte, as ``RouteTree`` splits a path.
  static func segments(of pattern: String) -> [Substring] {
    withoutLeadingSlash(pattern).utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .map(Substring.init)
  }

  /// The path without its leading `/` byte, if it has one (only that byte: a combining mark after
  /// it stays, as the first byte of the first segment).
  static func withoutLeadingSlash(_ path: String) -> Substring {
    let utf8 = path.utf8
    return utf8.first == UInt8(ascii: "/") ? path[utf8.index(after: utf8.startIndex)...] : path[...]
  }
}
