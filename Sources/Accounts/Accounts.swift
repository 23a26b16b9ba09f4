import Foundation
import SQLStore
import Storage

/// The readers of a shared Chaek, kept in `accounts.sqlite` (or, for several servers, in
/// PostgreSQL: ``init(store:now:)``): their accounts, the hashes of their passwords, and the digests
/// of their sessions and API tokens (never a secret itself, so a copy of the store signs no one in).
///
/// The store keeps what it is given: hashing a password and making or digesting a secret belong to
/// the caller (``Passwords``' hasher and tokens in the application). Every change is one
/// transaction; removing an account ends its sessions and tokens with it. Its statements are the
/// same on both engines.
public final class Accounts: Sendable {
  let store: any SQLStore
  /// The SQLite file, for ``copy(to:)``; `nil` on PostgreSQL.
  private let file: Database?
  let now: @Sendable () -> Date

  /// How long a session lasts after it starts.
  public static let sessionLifetime: TimeInterval = 30 * 24 * 60 * 60

  /// The library of the first account, which takes over the data Chaek kept before there were
  /// accounts.
  public static let firstLibrary = "library.sqlite"

  /// Opens (creating if needed) the store at `path`, or `":memory:"`; `now` tells the time.
  public init(path: String, now: @escaping @Sendable () -> Date = Date.init) throws {
    let file = try Database(path: path, migrations: Accounts.migrations)
    self.file = file
    store = file
    self.now = now
  }

  /// The accounts in `store`, whose schema is ``postgresSchema`` (or, on SQLite, the migrations
  /// ``init(path:now:)`` applies); `now` tells the time.
  public init(store: any SQLStore, now: @escaping @Sendable () -> Date = Date.init) {
    self.store = store
    file = nil
    self.now = now
  }

  // MARK: - Accounts

  /// Writes a consistent copy of the store, hashes and digests included, to a new file at
  /// `destination` (SQLite's online backup).
  /// - Throws: ``AccountError/notAFile`` on PostgreSQL, whose backups are `pg_dump`'s.
  public func copy(to destination: String) async throws {
    guard let file else { throw AccountError.notAFile }
    try await file.backup(to: destination)
  }

  /// `true` when the accounts are an SQLite file (which ``copy(to:)`` copies), `false` on
  /// PostgreSQL.
  public var isFile: Bool { file != nil }

  /// The number of accounts: none means Chaek serves one reader without signing in.
  public func count() async throws -> Int {
    try await store.read { try $0.fetchInteger("SELECT count(*) FROM accounts") }
  }

  /// Adds an account named `name` whose password hashes to `passwordHash`. The first account is an
  /// admin whatever `admin` says, and takes over ``firstLibrary``.
  /// - Throws: ``AccountError/invalidName(_:)``, ``AccountError/nameTaken(_:)``.
  public func add(name: String, passwordHash: String, admin: Bool) async throws -> Account {
    let name = try Accounts.checked(name)
    let created = now()
    return try await store.write { connection in
      guard try connection.fetchInteger("SELECT count(*) FROM accounts WHERE name = ?", [name]) == 0 else {
        throw AccountError.nameTaken(name)
      }
      let first = try connection.fetchInteger("SELECT count(*) FROM accounts") == 0
      let id = try connection.fetchInteger(
        "INSERT INTO accounts (name, admin, password, library, created_at) VALUES (?, ?, ?, '', ?) RETURNING id",
        [name, first || admin, passwordHash, created.timeIntervalSince1970])
      let library = first ? Accounts.firstLibrary : "readers/\(id).sqlite"
      try connection.run("UPDATE accounts SET library = ? WHERE id = ?", [library, id])
      return Account(id: id, name: name, isAdmin: first || admin, library: library, created: created)
    }
  }

  /// Every account, by name.
  public func all() async throws -> [Account] {
    try await store.read {
      try $0.fetch("SELECT \(Accounts.columns) FROM accounts ORDER BY name", [], Accounts.account(from:))
    }
  }

  /// The account named `name`, if there is one.
  public func account(named name: String) async throws -> Account? {
    let name = Accounts.normalized(name)
    return try await store.read {
      try $0.fetchFirst(
        "SELECT \(Accounts.columns) FROM accounts WHERE name = ?", [name], Accounts.account(from:))
    }
  }

  /// The account named `name` with the hash of its password, for a sign-in to check.
  public func credentials(named name: String) async throws -> (account: Account, passwordHash: String)? {
    let name = Accounts.normalized(name)
    return try await store.read { connection in
      try connection.fetchFirst(
        "SELECT \(Accounts.columns), password FROM accounts WHERE name = ?", [name]
      ) { row in (Accounts.account(from: row), row.text(5)) }
    }
  }

  /// Removes the account named `name` with its sessions and tokens, and returns it (its library is
  /// the caller's to delete).
  /// - Throws: ``AccountError/noSuchAccount(_:)``; ``AccountError/lastAdmin(_:)`` for the last admin
  ///   while other readers remain.
  public func remove(named name: String) async throws -> Account {
    let name = Accounts.normalized(name)
    return try await store.write { connection in
      guard
        let account = try connection.fetchFirst(
          "SELECT \(Accounts.columns) FROM accounts WHERE name = ?", [name], Accounts.account(from:))
      else { throw AccountError.noSuchAccount(name) }
      if account.isAdmin {
        let admins = try connection.fetchInteger("SELECT count(*) FROM accounts WHERE admin <> 0")
        let others = try connection.fetchInteger("SELECT count(*) FROM accounts WHERE id <> ?", [account.id])
        guard admins > 1 || others == 0 else { throw AccountError.lastAdmin(name) }
      }
      try connection.run("DELETE FROM accounts WHERE id = ?", [account.id])
      return account
    }
  }

  /// Replaces the password hash of the account named `name` and ends its sessions (a changed
  /// password signs out every browser that had the old one). Its API tokens stay.
  /// - Throws: ``AccountError/noSuchAccount(_:)``.
  public func setPasswordHash(_ passwordHash: String, forAccountNamed name: String) async throws {
    let name = Accounts.normalized(name)
    try await store.write { connection in
      let changed = try connection.fetch(
        "UPDATE accounts SET password = ? WHERE name = ? RETURNING id", [passwordHash, name]
      ) { $0.int(0) }
      guard changed.count == 1 else { throw AccountError.noSuchAccount(name) }
      try connection.run(
        "DELETE FROM sessions WHERE account = (SELECT id FROM accounts WHERE name = ?)", [name])
    }
  }

  // MARK: - Sessions

  /// Starts a session for `account`, known by its secret's `digest`; sessions past their lifetime
  /// are deleted on the way.
  public func startSession(digest: String, for account: Account) async throws {
    let now = now().timeIntervalSince1970
    try await store.write { connection in
      try connection.run("DELETE FROM sessions WHERE started_at < ?", [now - Accounts.sessionLifetime])
      try connection.run(
        "INSERT INTO sessions (digest, account, started_at) VALUES (?, ?, ?)", [digest, account.id, now])
    }
  }

  /// The account of the session whose secret has `digest`, while it lasts.
  public func account(forSession digest: String) async throws -> Account? {
    let oldest = now().timeIntervalSince1970 - Accounts.sessionLifetime
    return try await store.read {
      try $0.fetchFirst(
        """
        SELECT \(Accounts.columns(of: "a")) FROM sessions s JOIN accounts a ON a.id = s.account
        WHERE s.digest = ? AND s.started_at >= ?
        """, [digest, oldest], Accounts.account(from:))
    }
  }

  /// Ends the session whose secret has `digest`; `false` when there was none.
  @discardableResult
  public func endSession(digest: String) async throws -> Bool {
    try await store.write { connection in
      try !connection.fetch("DELETE FROM sessions WHERE digest = ? RETURNING account", [digest]) { $0.int(0) }
        .isEmpty
    }
  }

  // MARK: - API tokens

  /// Gives `account` the API token whose secret has `digest`.
  public func addToken(digest: String, for account: Account) async throws {
    let now = now().timeIntervalSince1970
    _ = try await store.write {
      try $0.run(
        "INSERT INTO tokens (digest, account, created_at) VALUES (?, ?, ?)", [digest, account.id, now])
    }
  }

  /// The account of the API token whose secret has `digest`.
  public func account(forToken digest: String) async throws -> Account? {
    try await store.read {
      try $0.fetchFirst(
        "SELECT \(Accounts.columns(of: "a")) FROM tokens t JOIN accounts a ON a.id = t.account WHERE t.digest = ?",
        [digest], Accounts.account(from:))
    }
  }

  /// Ends the token of `account` whose secret has `digest`, or every token of `account` when
  /// `digest` is `nil`. Returns how many ended.
  @discardableResult
  public func revokeTokens(of account: Account, digest: String? = nil) async throws -> Int {
    try await store.write { connection in
      let (filter, values): (String, [any SQLValueConvertible]) =
        digest.map { ("account = ? AND digest = ?", [account.id, $0]) } ?? ("account = ?", [account.id])
      return try connection.fetch("DELETE FROM tokens WHERE \(filter) RETURNING account", values) {
        $0.int(0)
      }.count
    }
  }

  /// How many API tokens each account has, by account id (an account without any is left out).
  public func tokenCounts() async throws -> [Int: Int] {
    let counts = try await store.read {
      try $0.fetch("SELECT account, count(*) FROM tokens GROUP BY account", []) { ($0.int(0), $0.int(1)) }
    }
    return Dictionary(uniqueKeysWithValues: counts)
  }

  // MARK: - Names

  /// The longest name, in characters.
  public static let maximumNameLength = 40
  /// The longest name, in bytes of UTF-8.
  public static let maximumNameBytes = 160

  /// `name` as the store keeps it (NFC, without surrounding spaces), or why it cannot be a name.
  static func checked(_ name: String) throws(AccountError) -> String {
    let name = normalized(name)
    guard !name.isEmpty else { throw .invalidName("a reader's name cannot be empty") }
    guard name.count <= maximumNameLength, name.utf8.count <= maximumNameBytes else {
      throw .invalidName("a reader's name is at most \(maximumNameLength) characters")
    }
    guard
      !name.unicodeScalars.contains(where: {
        [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
          || $0 == "/"
      })
    else { throw .invalidName("a reader's name cannot hold a control or invisible character or /") }
    return name
  }

  /// `name` as the store looks it up: NFC, without surrounding spaces.
  public static func normalized(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
  }

  // MARK: - Rows

  /// The columns ``account(from:)`` reads, in its order.
  private static let columns = "id, name, admin, library, created_at"

  /// ``columns`` of the table called `table` in a join.
  private static func columns(of table: String) -> String {
    columns.split(separator: ", ").map { "\(table).\($0)" }.joined(separator: ", ")
  }

  private static func account(from row: any SQLRow) -> Account {
    Account(
      id: row.int(0), name: row.text(1), isAdmin: row.int(2) != 0, library: row.text(3),
      created: Date(timeIntervalSince1970: row.double(4)))
  }
}
