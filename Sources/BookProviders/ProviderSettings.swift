import BookModel
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
/// `KAKAO_REST_API_KEY`, `CHAEK_KAKAO_URL` (default `https://dapi.kakao.com`),
/// `CHAEK_OPENLIBRARY_URL` (default `https://openlibrary.org`) and `CHAEK_PROVIDER_TIMEOUT` (seconds a
/// provider request may take, default 10).
public struct ProviderSettings: Sendable {
  /// Kakao's REST API key, or `nil` when none is set.
  public var kakaoKey: String?
  /// Kakao's base URL.
  public var kakaoURL: URL
  /// Open Library's base URL.
  public var openLibraryURL: URL
  /// The request timeout, in seconds.
  public var timeout: TimeInterval
  /// How long a failing provider rests before it is asked again.
  public var breaker = CircuitBreaker.Policy()
  /// The clock the breaker measures those rests on; tests give one they advance.
  public var clock: any Clock<Duration> = ContinuousClock()

  /// The longest timeout `CHAEK_PROVIDER_TIMEOUT` may set, in seconds.
  public static let maximumTimeout: TimeInterval = 120

  /// Reads the settings from environment variables; an invalid URL or timeout is an error that
  /// names it. `timeout` applies when `CHAEK_PROVIDER_TIMEOUT` is not set.
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
    if let text = environment["CHAEK_PROVIDER_TIMEOUT"], !text.isEmpty {
      guard let seconds = TimeInterval(text), seconds > 0, seconds <= Self.maximumTimeout else {
        throw SettingsError(
          message:
            "CHAEK_PROVIDER_TIMEOUT must be seconds above 0 and at most \(Int(Self.maximumTimeout)): \(text)")
      }
      self.timeout = seconds
    }
  }
}

/// A configuration value that cannot be used.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong and which variable to fix.
  public let message: String
  public var description: String { message }
}
