import CPostgres
import Foundation

/// `LISTEN` and `NOTIFY`: a connection that listens to a channel receives every notification sent
/// on it after the sender's transaction commits. To wait for them, use a ``PostgresListener``,
/// which owns a connection and a thread for that.
extension PostgresConnection {
  /// Starts listening to `channel` (its exact name: it is quoted, case and all).
  public func listen(_ channel: String) throws(PostgresError) {
    try execute("LISTEN \(Self.quotedIdentifier(channel))")
  }

  /// Stops listening to `channel`.
  public func unlisten(_ channel: String) throws(PostgresError) {
    try execute("UNLISTEN \(Self.quotedIdentifier(channel))")
  }

  /// Sends `payload` to the listeners of `channel`, when the current transaction commits (at
  /// once outside one). The payload is a parameter: any text up to 8,000 bytes, quotes and all.
  public func notify(_ channel: String, payload: String = "") throws(PostgresError) {
    try run("SELECT pg_notify($1, $2)", [channel, payload])
  }

  // MARK: - Receiving

  /// Reads what the server has sent without waiting (`PQconsumeInput`), and returns the
  /// notifications received so far.
  /// - Throws: a connection failure when the connection is lost.
  func receivedNotifications() throws(PostgresError) -> [PostgresNotification] {
    guard PQconsumeInput(handle) == 1 else {
      throw PostgresError(
        code: PostgresError.connectionLost,
        message: "the connection to PostgreSQL was lost: \(Self.errorMessage(of: handle))")
    }
    var notifications: [PostgresNotification] = []
    while let notify = PQnotifies(handle) {
      defer { PQfreemem(notify) }
      notifications.append(
        PostgresNotification(
          channel: String(cString: notify.pointee.relname), payload: String(cString: notify.pointee.extra),
          senderProcessID: notify.pointee.be_pid))
    }
    return notifications
  }

  /// The connection's socket, for `poll`.
  var socket: Int32 { PQsocket(handle) }

  /// `name` as a quoted SQL identifier: in double quotes, with its own double quotes doubled.
  static func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
