import HTTPTransport

/// An async request handler that may throw: an error that renders itself
/// (``HTTPResponseError``) or an ``HTTPError`` becomes its response; any other becomes a 500 (see
/// ``Responder``).
public typealias RouteHandler = @Sendable (HTTPRequest) async throws -> HTTPResponse

/// A request handler that answers at once, without waiting for anything (a static file): it may
/// throw as a ``RouteHandler`` does. When every middleware answers at once too, the server calls it
/// on its own thread before any task is made (see ``Responder/immediateResponse(to:)``); else it
/// runs in the request's task, as a ``RouteHandler`` does.
public typealias ImmediateRouteHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// Sends each request to the handler of the route that matches its method and path.
///
/// Patterns are paths whose segments are literal or `{name}`: `/api/library/{id}` matches
/// `/api/library/42` with `pathParameters["id"] == "42"`. Segments match exactly (no wildcards, a
/// trailing slash counts); where several patterns match, the one whose first differing segment is
/// literal wins (`/books/new` before `/books/{id}`). `HEAD` uses the `GET` handler when it has none
/// of its own; the server sends no body for `HEAD`.
public struct Router: Sendable {
  private var routes: [Route] = []
  /// The routes' patterns, by segment.
  private var tree = RouteTree()

  /// The answer when no route matches the path; by default it throws ``HTTPError`` 404.
  public var notFound: RouteHandler = { request in
    throw HTTPError(status: 404, message: "no such resource: \(request.method) \(request.path)")
  }

  /// A router without routes.
  public init() {}

  // MARK: - Routes

  /// Routes requests with `method` whose path matches `pattern` to `handler`.
  public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping RouteHandler) {
    add(Route(method: method, pattern: pattern, handler: .waiting(handler)))
  }

  private mutating func add(_ route: Route) {
    tree.add(route.segments, index: routes.count)
    routes.append(route)
  }

  /// Routes `GET` (and so `HEAD`) requests for `pattern` to `handler`.
  public mutating func get(_ pattern: String, _ handler: @escaping RouteHandler) {
    add(.GET, pattern, handler)
  }

  /// Routes `GET` (and so `HEAD`) requests for `pattern` to `handler`, which answers at once: the
  /// server answers them without making a task when the middleware can too (see
  /// ``Responder/immediateResponse(to:)``).
  public mutating func getImmediate(_ pattern: String, _ handler: @escaping ImmediateRouteHandler) {
    add(Route(method: .GET, pattern: pattern, handler: .immediate(handler)))
  }

  /// Routes `PUT` requests for `pattern` to `handler`.
  public mutating func put(_ pattern: String, _ handler: @escaping RouteHandler) {
    add(.PUT, pattern, handler)
  }

  /// Routes `POST` requests for `pattern` to `handler`.
  public mutating func post(_ pattern: String, _ handler: @escaping RouteHandler) {
    add(.POST, pattern, handler)
  }

  /// Routes `DELETE` requests for `pattern` to `handler`.
  public mutating func delete(_ pattern: String, _ handler: @escaping RouteHandler) {
    add(.DELETE, pattern, handler)
  }

  /// Every route's method and pattern as added, in the order they were added (`HEAD` only where a
  /// route was added for it): what a test compares with the documentation.
  public var registeredRoutes: [(method: HTTPMethod, pattern: String)] {
    routes.map { (method: $0.method, pattern: $0.pattern) }
  }

  // MARK: - Dispatch

  /// The response of the matching route's handler; ``notFound`` when no route has this path.
  ///
  /// - Throws: what the handler throws; ``HTTPError`` 405 with an `Allow` header when routes have
  ///   the path for other methods only.
  public func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let (route, routed) = try route(of: request) else { return try await notFound(request) }
    switch route.handler {
    case .waiting(let handler): return try await handler(routed)
    case .immediate(let handler): return try handler(routed)
    }
  }

  /// The response of the matching route's handler when it answers at once (see
  /// ``getImmediate(_:_:)``); `nil` when it may wait or no route has this path.
  ///
  /// - Throws: what the handler throws; ``HTTPError`` 405 as ``handle(_:)`` does.
  public func immediateResponse(to request: HTTPRequest) throws -> HTTPResponse? {
    guard let (route, routed) = try route(of: request), case .immediate(let handler) = route.handler else {
      return nil
    }
    return try handler(routed)
  }

  /// The route for `request`, and the request with the route's path parameters; `nil` when no
  /// route has its path.
  ///
  /// - Throws: ``HTTPError`` 405 with an `Allow` header when routes have the path for other
  ///   methods only.
  private func route(of request: HTTPRequest) throws -> (Route, HTTPRequest)? {
    let path = Route.withoutLeadingSlash(request.path)
    let method = request.method
    guard
      let (index, values) = first(of: method, on: path)
        ?? (method == .HEAD ? first(of: .GET, on: path) : nil)
    else {
      let matches = tree.matches(of: path)
      guard !matches.isEmpty else { return nil }
      var allowed = Set(matches.flatMap { $0.routes.map { routes[$0].method.rawValue } })
      if allowed.contains("GET") { allowed.insert("HEAD") }
      let allow = allowed.sorted().joined(separator: ", ")
      throw HTTPError(
        status: 405, message: "\(method) is not allowed here; use \(allow)", headers: ["Allow": allow])
    }
    let route = routes[index]
    var parameters: [String: String] = [:]
    for (name, value) in zip(route.parameterNames, values) { parameters[name] = String(value) }
    var routed = request
    routed.pathParameters = parameters
    return (route, routed)
  }

  /// The first route for `method` in the most specific node `path` reaches that has one, with the
  /// values of its parameters.
  private func first(of method: HTTPMethod, on path: Substring) -> (route: Int, values: [Substring])? {
    tree.first(of: path) { indices in indices.first { routes[$0].method == method } }
  }
}
