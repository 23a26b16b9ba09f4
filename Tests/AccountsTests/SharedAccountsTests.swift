import Foundation
import PostgresClient
import TestSupport
import Testing

@testable import Accounts

/// Several servers sharing their readers through one PostgreSQL database: each opens the accounts
/// on a connection of its own.
@Suite(
  "Accounts shared by several servers on PostgreSQL", .timeLimit(.minutes(10)),
  .enabled(
    if: TestPostgres.isInstalled || TestPostgres.isRequired,
    "needs PostgreSQL 15's server (apt-get install postgresql); CHAEK_REQUIRE_POSTGRES=1 makes its absence a failure"
  ))
struct SharedAccountsTests {
  /// The accounts of `count` servers over one new database, telling the time of a clock that
  /// stands still (a `Date` made from a stored number of seconds is the same `Date` only for whole
  /// seconds).
  private static func servers(_ count: Int) async throws -> [Accounts] {
    let database = try await TestPostgres.shared().makeDatabase()
    let clock = WallClock()
    var servers: [Accounts] = []
    for _ in 0..<count {
      servers.append(try await Accounts.open(postgres: PostgresDatabase(database)) { clock.now })
    }
    return servers
  }

  @Test func aSessionStartedThroughOneServerSignsInOnEveryOther() async throws {
    let servers = try await Self.servers(2)
    let reader = try await servers[0].add(name: "민지", passwordHash: "h", admin: false)
    try await servers[0].startSession(digest: "s1", for: reader)
    #expect(try await servers[1].account(forSession: "s1") == reader)
    #expect(try await servers[1].endSession(digest: "s1"))
    #expect(try await servers[0].account(forSession: "s1") == nil, "signed out on one, out on all")
  }

  @Test func readersAddedAtOnceThroughSeveralServersGetOneFirstAdmin() async throws {
    let servers = try await Self.servers(4)
    let added = try await withThrowingTaskGroup(of: Account.self) { group in
      for (index, server) in servers.enumerated() {
        group.addTask { try await server.add(name: "reader \(index)", passwordHash: "h", admin: false) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(added.count { $0.library == Accounts.firstLibrary } == 1)
    #expect(added.count(where: \.isAdmin) == 1)
    #expect(Set(added.map(\.library)).count == 4)
  }

  @Test func oneNameAddedAtOnceThroughTwoServersIsAddedOnce() async throws {
    let servers = try await Self.servers(2)
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for server in servers {
        group.addTask { (try? await server.add(name: "민지", passwordHash: "h", admin: false)) != nil }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.count { $0 } == 1)
    #expect(try await servers[1].count() == 1)
  }

  @Test func serversStartingTogetherApplyTheSchemaOnce() async throws {
    let database = try await TestPostgres.shared().makeDatabase()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<4 { group.addTask { _ = try await Accounts.open(postgres: PostgresDatabase(database)) } }
      try await group.waitForAll()
    }
    let check = try await PostgresDatabase(database)
    #expect(try await check.read { try $0.integer("SELECT count(*) FROM public.schema_migrations") } == 1)
  }

  @Test func aDatabaseMigratedByANewerChaekIsRefusedBeforeAnythingChanges() async throws {
    let database = try await TestPostgres.shared().makeDatabase()
    _ = try await Accounts.open(postgres: PostgresDatabase(database))
    let newer = try await PostgresDatabase(database)
    _ = try await newer.write {
      try $0.run("INSERT INTO public.schema_migrations (schema, name) VALUES ('accounts', 'from the future')")
    }
    await #expect(throws: PostgresNewerSchemaError(unknown: ["from the future"])) {
      _ = try await Accounts.open(postgres: PostgresDatabase(database))
    }
  }
}
