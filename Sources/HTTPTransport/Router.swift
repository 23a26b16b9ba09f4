/// An async request handler: every request gets a response.
public typealias HTTPHandler = @Sendable (HTTPRequest) async -> HTTPResponse

/// Sends each request to the handler of the route that matches its method and path.
///
/// Patterns are paths whose segments are literal or `{name}`: `/api/library/{id}` matches
/// `/api/library/42` with `pathParameters["id"] == "42"`. Segments match exactly (no wildcards, a
/// trailing slash counts); where several patterns match, the one whose first differing segment is
/// literal wins (`/books/new` before `/books/{id}`). `HEAD` uses the `GET` handler when it has none
/// of its own; the server sends no body for `HEAD`.
public struct Router: Sendable {
  private struct Route: Sendable {
    let method: HTTPMethod
    let segments: [Segment]
    let handler: HTTPHandler
  }

  private enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  private var routes: [Route] = []

  /// The answer when no route matches the path; by default a 404 JSON error body.
  public var notFound: HTTPHandler = { request in
    .error(status: 404, type: "NotFound", message: "no such resource: \(request.method) \(request.path)")
  }

  /// A router without routes.
  public init() {}

  // MARK: - Routes

  /// Routes requests with `method` whose path matches `pattern` to `handler`.
  public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping HTTPHandler) {
    let segments = Self.split(pattern).map { segment in
      segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2
        ? Segment.parameter(String(segment.dropFirst().dropLast())) : Segment.literal(String(segment))
    }
    routes.append(Route(method: method, segments: segments, handler: handler))
  }

  /// Routes `GET` (and so `HEAD`) requests for `pattern` to `handler`.
  public mutating func get(_ pattern: String, _ handler: @escaping HTTPHandler) {
    add(.GET, pattern, handler)
  }

  /// Routes `PUT` requests for `pattern` to `handler`.
  public mutating func put(_ pattern: String, _ handler: @escaping HTTPHandler) {
    add(.PUT, pattern, handler)
  }

  /// Routes `POST` requests for `pattern` to `handler`.
  public mutating func post(_ pattern: String, _ handler: @escaping HTTPHandler) {
    add(.POST, pattern, handler)
  }

  /// Routes `DELETE` requests for `pattern` to `handler`.
  public mutating func delete(_ pattern: String, _ handler: @escaping HTTPHandler) {
    add(.DELETE, pattern, handler)
  }

  // MARK: - Dispatch

  /// The response of the matching route's handler; ``notFound`` when no route has this path, and
  /// 405 with an `Allow` header when routes have it for other methods only.
  public func handle(_ request: HTTPRequest) async -> HTTPResponse {
    let path = Self.split(request.path)
    let matches = routes.compactMap { route in
      Self.parameters(of: route, matching: path).map { (route: route, parameters: $0) }
    }
    guard !matches.isEmpty else { return await notFound(request) }
    let method = request.method
    var candidates = matches.filter { $0.route.method == method }
    if candidates.isEmpty && method == .HEAD { candidates = matches.filter { $0.route.method == .GET } }
    guard let best = candidates.max(by: { Self.isLessSpecific($0.route, than: $1.route) }) else {
      var allowed = Set(matches.map(\.route.method.rawValue))
      if allowed.contains("GET") { allowed.insert("HEAD") }
      let allow = allowed.sorted().joined(separator: ", ")
      var response = HTTPResponse.error(
        status: 405, type: "MethodNotAllowed", message: "\(method) is not allowed here; use \(allow)")
      response.headers["Allow"] = allow
      return response
    }
    var routed = request
    routed.pathParameters = best.parameters
    return await best.route.handler(routed)
  }

  private static func split(_ path: String) -> [Substring] {
    let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
    return trimmed.split(separator: "/", omittingEmptySubsequences: false)
  }

  /// The `{name}` values when `route` matches `path`, or `nil`.
  private static func parameters(of route: Route, matching path: [Substring]) -> [String: String]? {
    guard route.segments.count == path.count else { return nil }
    var parameters: [String: String] = [:]
    for (segment, part) in zip(route.segments, path) {
      switch segment {
      case .literal(let literal):
        guard literal == part else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        parameters[name] = String(part)
      }
    }
    return parameters
  }

  /// `true` when, at the first segment where they differ in kind, `lhs` has a parameter.
  private static func isLessSpecific(_ lhs: Route, than rhs: Route) -> Bool {
    for (left, right) in zip(lhs.segments, rhs.segments) {
      switch (left, right) {
      case (.parameter, .literal): return true
      case (.literal, .parameter): return false
      default: continue
      }
    }
    return false
  }
}
