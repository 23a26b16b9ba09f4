import Foundation
import HTTPRouting
import HTTPTransport
import TestSupport

/// JSON requests and replies for the journal API's tests, in process.
extension TestClient {
  /// The response to `method` `target` with `json` as the body, sent as `application/json` unless
  /// `headers` say otherwise.
  func send(_ method: HTTPMethod, _ target: String, json: String, headers: HTTPHeaders = [:]) async
    -> Response
  {
    var headers = headers
    if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
    return await send(method, target, headers: headers, body: Data(json.utf8))
  }
}

extension TestClient.Response {
  /// The body as a JSON object.
  func json() throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      throw CocoaError(.coderReadCorrupt)
    }
    return object
  }

  /// The `message` of an error body.
  var message: String { ((try? json())?["message"] as? String) ?? "" }
}
