import Foundation

/// Which provider answers searches (`--source`).
public enum SearchSource: String, CaseIterable, Sendable {
  /// Kakao when a key is set, else Open Library; the catalog when that provider fails.
  case auto
  /// Kakao only (needs `KAKAO_REST_API_KEY`).
  case kakao
  /// Open Library only.
  case openlibrary
  /// The offline catalog only.
  case local
}

/// Where the remote providers are and how to reach them, from the environment:
/// `KAKAO_REST_API_KEY`, `CHAEK_KAKAO_URL` (default `https://dapi.kakao.com`) and
/// `CHAEK_OPENLIBRARY_URL` (default `https://openlibrary.org`).
public struct ProviderSettings: Sendable {
  /// Kakao's REST API key, or `nil` when none is set.
  public var kakaoKey: String?
  /// Kakao's base URL.
  public var kakaoURL: URL
  /// Open Library's base URL.
  public var openLibraryURL: URL
  /// The request timeout, in seconds.
  public var timeout: TimeInterval

  /// Reads the settings from environment variables; an invalid URL is an error that names it.
  public init(environment: [String: String], timeout: TimeInterval = 10) throws(SettingsError) {
    func url(_ name: String, default fallback: String) throws(SettingsError) -> URL {
      let text = environment[name].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
      guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
        url.host != nil
      else { throw SettingsError(message: "\(name) is not an http(s) URL: \(text)") }
      return url
    }
    let key = environment["KAKAO_REST_API_KEY"]?.trimmingCharacters(in: .whitespaces)
    kakaoKey = key?.isEmpty == false ? key : nil
    kakaoURL = try url("CHAEK_KAKAO_URL", default: "https://dapi.kakao.com")
    openLibraryURL = try url("CHAEK_OPENLIBRARY_URL", default: "https://openlibrary.org")
    self.timeout = timeout
  }
}

/// A configuration value that cannot be used.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong and which variable to fix.
  public let message: String
  public var description: String { message }
}
