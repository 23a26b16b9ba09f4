import HTTPTransport

/// Turns what a handler or a middleware threw into the response the client gets (see
/// ``Responder``).
struct ErrorRenderer: Sendable {
  /// Renders ``HTTPError``s.
  let format: Responder.ErrorFormat
  /// Hears a line for each internal error.
  let log: @Sendable (String) -> Void

  /// The response `body` returns, or the one for what it throws.
  func response(
    to request: HTTPRequest, _ body: () async throws -> HTTPResponse
  ) async -> HTTPResponse {
    do {
      return try await body()
    } catch {
      return response(for: error, to: request)
    }
  }

  /// The response `body` returns at once (`nil` when it must wait), or the one for what it throws.
  func immediateResponse(
    to request: HTTPRequest, _ body: () throws -> HTTPResponse?
  ) -> HTTPResponse? {
    do {
      return try body()
    } catch {
      return response(for: error, to: request)
    }
  }

  /// The response for `error`; an error that has none is logged under a new request id, which is
  /// all the client gets.
  func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse {
    switch error {
    case let error as HTTPError:
      return format(error)
    case let error as HTTPRequestError:
      return format(HTTPError(status: 400, message: error.message))
    case let error as any HTTPResponseError:
      return error.response
    default:
      let id = Self.requestID()
      log("internal error \(id) answering \(request.method) \(request.path): \(error)")
      return .text("Internal error (id \(id))", status: 500)
    }
  }

  /// Eight random hex digits.
  private static func requestID() -> String {
    let digits = String(UInt32.random(in: .min ... .max), radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
