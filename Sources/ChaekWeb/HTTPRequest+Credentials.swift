import Foundation
import HTTPTransport

extension HTTPRequest {
  /// The token of `Authorization: Bearer TOKEN`, or of `KakaoAK TOKEN` (what Kakao's clients send).
  var bearerToken: String? {
    guard let authorization = headers["Authorization"] else { return nil }
    for scheme in ["Bearer ", "KakaoAK "] where authorization.hasPrefix(scheme) {
      return String(authorization.dropFirst(scheme.count))
    }
    return nil
  }

  /// The value of the cookie called `name`, if the request sends it.
  func cookie(_ name: String) -> String? {
    guard let cookies = headers["Cookie"] else { return nil }
    for pair in cookies.split(separator: ";") {
      let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == name { return String(parts[1]) }
    }
    return nil
  }
}
