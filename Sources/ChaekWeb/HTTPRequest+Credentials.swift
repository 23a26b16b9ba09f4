import Foundation
import HTTPTransport

extension HTTPRequest {
  /// The token of `Authorization: Bearer TOKEN`, or of `KakaoAK TOKEN` (what Kakao's clients send);
  /// the scheme's name in any case.
  var bearerToken: String? {
    guard let authorization = headers["Authorization"] else { return nil }
    let parts = authorization.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, ["bearer", "kakaoak"].contains(parts[0].lowercased()) else { return nil }
    return parts[1].trimmingCharacters(in: .whitespaces)
  }

  /// The values of the cookies called `name` the request sends, in order (a site's other hosts may
  /// have set one of the same name).
  func cookies(_ name: String) -> [String] {
    headers.values(for: "Cookie").flatMap { $0.split(separator: ";") }.compactMap { pair in
      let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
      return parts.count == 2 && parts[0] == name ? String(parts[1]) : nil
    }
  }

  /// The last value of the header `name` over all its lines (`X-Forwarded-For: a, b` and a line
  /// `X-Forwarded-For: c` give `c`): what the nearest proxy added.
  func lastValue(of name: String) -> String? {
    headers.values(for: name).flatMap { $0.split(separator: ",") }.last
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
