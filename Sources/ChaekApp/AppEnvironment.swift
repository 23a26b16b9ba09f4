import BookProviders
import Foundation

/// What Chaek reads from its environment: where its data lives (`CHAEK_HOME`, `XDG_DATA_HOME`,
/// `HOME`), how to reach the providers (`KAKAO_REST_API_KEY`, `CHAEK_KAKAO_URL`,
/// `CHAEK_OPENLIBRARY_URL`, `CHAEK_PROVIDER_TIMEOUT`), the server's token (`CHAEK_TOKEN`) and the
/// PostgreSQL database of a shared deployment (`CHAEK_DATABASE_URL`).
public struct AppEnvironment: Sendable {
  /// The variables, by name.
  public let variables: [String: String]

  /// The environment of `variables` (by default, this process's).
  public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
    self.variables = variables
  }

  /// `CHAEK_HOME`, else `$XDG_DATA_HOME/chaek`, else `~/.local/share/chaek`; created if missing.
  /// - Throws: ``AppError`` when the directory cannot be created.
  public func home() throws(AppError) -> DataHome {
    let url: URL
    if let home = value("CHAEK_HOME") {
      url = URL(fileURLWithPath: home)
    } else if let data = value("XDG_DATA_HOME") {
      url = URL(fileURLWithPath: data).appendingPathComponent("chaek")
    } else {
      url = URL(fileURLWithPath: value("HOME") ?? NSHomeDirectory()).appendingPathComponent(
        ".local/share/chaek")
    }
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw AppError("cannot create the data directory \(url.path): \(error.localizedDescription)")
    }
    return DataHome(directory: url)
  }

  /// Where the providers are and how long they may take.
  /// - Throws: ``AppError`` naming the variable that cannot be used.
  public func providerSettings() throws(AppError) -> ProviderSettings {
    do {
      return try ProviderSettings(environment: variables)
    } catch {
      throw AppError(error.message)
    }
  }

  /// `CHAEK_TOKEN`, or `nil` when it is unset or empty.
  public var token: String? { value("CHAEK_TOKEN") }

  /// `CHAEK_DATABASE_URL`: the PostgreSQL database (libpq's `postgresql://…` or `key=value` form)
  /// that keeps the readers and their libraries for several servers; `nil` keeps them in the data
  /// directory's SQLite files.
  public var databaseURL: String? { value("CHAEK_DATABASE_URL") }

  /// This environment with `name` set to `value`.
  public func setting(_ name: String, to value: String) -> AppEnvironment {
    var variables = variables
    variables[name] = value
    return AppEnvironment(variables)
  }

  /// A variable's value, or `nil` when it is unset or empty.
  private func value(_ name: String) -> String? {
    variables[name].flatMap { $0.isEmpty ? nil : $0 }
  }
}
