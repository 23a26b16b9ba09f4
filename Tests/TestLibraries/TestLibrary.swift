import Foundation
import PostgresClient
import TestSupport
import UserLibrary

/// The libraries of the library's and the application's tests, on the engine under test: SQLite
/// (the default) or, with `CHAEK_TEST_ENGINE=postgresql`, schemas of a database of the test
/// cluster (``TestPostgres``). `make test` runs those suites once on each engine, so the library
/// is proven to behave the same on both.
public enum TestLibrary {
  /// An engine the library can be kept on.
  public enum Engine: String, Sendable {
    case sqlite, postgresql
  }

  /// The engine under test: `CHAEK_TEST_ENGINE`, else SQLite.
  public static let engine =
    ProcessInfo.processInfo.environment["CHAEK_TEST_ENGINE"].flatMap(Engine.init(rawValue:)) ?? .sqlite

  /// A new, empty library (in memory on SQLite), telling the time with `now`.
  public static func make(now: @escaping @Sendable () -> Date = Date.init) async throws -> Library {
    switch engine {
    case .sqlite: try Library(path: ":memory:", now: now)
    case .postgresql:
      try await Library.open(postgres: PostgresSchema(Place().name, in: database.value), now: now)
    }
  }

  /// The test database every library of the process is kept in on PostgreSQL, through a few
  /// connections that the tests running side by side wait for as long as they need.
  private static let database = Task {
    try await PostgresDatabase(databaseConnection.value, connections: 4, waitLimit: .seconds(600))
  }
  /// The test database's connection string.
  private static let databaseConnection = Task { try await TestPostgres.shared().makeDatabase() }

  /// Where one library is kept, to open it again as another process (or server) would: a file in
  /// a directory of its own, or a schema of the test database, opened through a connection of its
  /// own each time.
  public struct Place: Sendable {
    /// The schema's name, or the file's stem.
    public let name: String
    private let directory: URL

    /// A new place, with no library yet.
    public init() {
      name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-library-\(name)")
    }

    /// The SQLite file (whichever engine is under test: for what only a file has).
    public var path: String { directory.appendingPathComponent("library.sqlite").path }

    /// Opens the library kept here (making it on first use), telling the time with `now`.
    public func open(now: @escaping @Sendable () -> Date = Date.init) async throws -> Library {
      switch TestLibrary.engine {
      case .sqlite:
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try Library(path: path, now: now)
      case .postgresql:
        let database = try await PostgresDatabase(TestLibrary.databaseConnection.value)
        return try await Library.open(postgres: PostgresSchema(name, in: database), now: now)
      }
    }
  }
}
