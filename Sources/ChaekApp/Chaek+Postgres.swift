import Accounts
import BookProviders
import Foundation
import Passwords
import PostgresClient
import UserLibrary

extension Chaek {
  /// Chaek over the environment's stores: the data directory's SQLite files, or, when
  /// ``AppEnvironment/databaseURL`` names one, the PostgreSQL database that several servers share
  /// (see ``init(environment:database:source:log:)``).
  /// - Throws: ``AppError`` when the data directory cannot be created or the database cannot be
  ///   reached or set up.
  public static func open(
    environment: AppEnvironment, source: SearchSource = .auto,
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws -> Chaek {
    guard let url = environment.databaseURL else {
      return try Chaek(environment: environment, source: source, log: log)
    }
    return try await Chaek(environment: environment, database: url, source: source, log: log)
  }

  /// Chaek for one of several servers that share the PostgreSQL database at `url`: the readers'
  /// accounts (schema `accounts`) and each reader's library (a schema named after its file,
  /// ``schema(ofLibrary:)``) are there; the offline catalog, which holds no reader's data, stays a
  /// cache of each server's own in its data directory. Each statement may run for
  /// ``statementTimeout``.
  /// - Throws: ``AppError`` when the database cannot be reached or set up.
  convenience init(
    environment: AppEnvironment, database url: String, source: SearchSource,
    log: @escaping @Sendable (String) -> Void
  ) async throws {
    let home = try environment.home()
    let database: PostgresDatabase
    let accounts: Accounts
    do {
      database = try await PostgresDatabase(
        url, statementTimeout: Self.statementTimeout, connections: Self.databaseConnections)
      accounts = try await Accounts.open(postgres: database)
    } catch {
      throw AppError("cannot use the database CHAEK_DATABASE_URL names: \(error)")
    }
    self.init(
      libraries: ReaderLibraries(
        open: {
          try await Library.open(postgres: PostgresSchema(try Self.schema(ofLibrary: $0), in: database))
        },
        remove: { try await PostgresSchema(try Self.schema(ofLibrary: $0), in: database).drop() }),
      catalog: OpenedOnce(home.catalog), source: source, settings: { try environment.providerSettings() },
      accounts: OpenedOnce(accounts), passwords: PasswordHasher(), log: log)
  }

  /// How many connections a server keeps to PostgreSQL: how many of its requests use the
  /// database at once.
  static let databaseConnections = 4

  /// How long one statement may run on PostgreSQL before the server stops it.
  static let statementTimeout = Duration.seconds(5)

  /// The schema that keeps the library of `file` on PostgreSQL: its name without `.sqlite`, `/`
  /// made `_` (`library.sqlite` → `library`, `readers/12.sqlite` → `readers_12`).
  /// - Throws: ``AppError`` for a name that makes no schema name (none that Chaek gives does).
  static func schema(ofLibrary file: String) throws -> String {
    let name = String(file.dropLast(file.hasSuffix(".sqlite") ? 7 : 0)).replacingOccurrences(
      of: "/", with: "_")
    guard PostgresSchema.isValid(name) else { throw AppError("no schema can keep the library \(file)") }
    return name
  }
}
