import Foundation

/// A complete HTTP request: method, path, query, headers and the whole body.
public struct HTTPRequest: Sendable {
  /// The request method.
  public let method: HTTPMethod
  /// The percent-decoded path, without the query: `/api/library/책`.
  public let path: String
  /// The decoded query arguments (`+` is a space); for a repeated name the last value wins.
  public let query: [String: String]
  /// The request headers.
  public let headers: HTTPHeaders
  /// The request body, empty when there is none.
  public let body: Data
  /// The values of a route's `{name}` segments, filled in by the router that matched it.
  public var pathParameters: [String: String]
  /// The IP address of the peer that sent the request, as text (`127.0.0.1`, `::1`): the client
  /// itself, or the proxy in front of the server. `nil` for a request the server did not receive
  /// (one a test or a router made).
  public var clientAddress: String?

  /// A request; the server makes them, tests and routers may too.
  public init(
    method: HTTPMethod, path: String, query: [String: String] = [:], headers: HTTPHeaders = [:],
    body: Data = Data(), pathParameters: [String: String] = [:], clientAddress: String? = nil
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.pathParameters = pathParameters
    self.clientAddress = clientAddress
  }
}
