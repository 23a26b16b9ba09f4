/// A notification sent with `NOTIFY` (or `pg_notify`) on a channel a connection listens to.
public struct PostgresNotification: Equatable, Sendable {
  /// The channel it was sent on.
  public let channel: String
  /// The payload (empty when none was sent).
  public let payload: String
  /// The process ID of the server process of the connection that sent it.
  public let senderProcessID: Int32

  /// A notification on `channel` with `payload`, sent by the server process `senderProcessID`.
  public init(channel: String, payload: String, senderProcessID: Int32 = 0) {
    self.channel = channel
    self.payload = payload
    self.senderProcessID = senderProcessID
  }
}
