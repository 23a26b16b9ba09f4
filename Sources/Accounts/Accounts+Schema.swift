import Storage

extension Accounts {
  /// The schema of `accounts.sqlite`, in order. Never edit a shipped migration: add one after it.
  static let migrations = [
    Migration(
      "create accounts",
      sql: """
        CREATE TABLE accounts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL UNIQUE,
          admin INTEGER NOT NULL,
          password TEXT NOT NULL,
          library TEXT NOT NULL,
          created_at REAL NOT NULL
        );
        CREATE TABLE sessions (
          digest TEXT PRIMARY KEY NOT NULL,
          account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          started_at REAL NOT NULL
        );
        CREATE INDEX sessions_by_account ON sessions (account);
        CREATE TABLE tokens (
          digest TEXT PRIMARY KEY NOT NULL,
          account INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          created_at REAL NOT NULL
        );
        CREATE INDEX tokens_by_account ON tokens (account);
        """)
  ]
}
