import SQLStore

/// The library's settings: small values by name, in the `settings` table.
extension Library {
  /// The value of setting `name`, `nil` when it was never set.
  static func setting(_ name: String, on connection: any SQLSession) throws -> String? {
    try connection.fetchFirst("SELECT value FROM settings WHERE name = ?", [name]) { $0.text(0) }
  }

  /// Sets setting `name` to `value`, in place of any value it had.
  static func setSetting(_ name: String, to value: String, on connection: any SQLSession) throws {
    try connection.run(
      "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      [name, value])
  }
}
