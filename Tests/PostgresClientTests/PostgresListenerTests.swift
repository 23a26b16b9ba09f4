import PostgresClient
import Testing

@Suite("LISTEN and NOTIFY", Postgres.isAvailable, .timeLimit(.minutes(10)))
struct PostgresListenerTests {
  @Test func aNotificationOnOneConnectionReachesAListenerOnAnotherWithItsPayload() async throws {
    let database = try await Postgres.database()
    let listener = try await PostgresListener(database, channels: ["library"])
    let sender = try PostgresConnection(database)
    try sender.notify("library", payload: #"{"saved": "채식주의자", "quote": "it's"}"#)
    var notifications = listener.notifications.makeAsyncIterator()
    let received = try #require(try await notifications.next())
    #expect(received.channel == "library")
    #expect(received.payload == #"{"saved": "채식주의자", "quote": "it's"}"#)
    #expect(received.senderProcessID == sender.serverProcessID)
    listener.stop()
  }

  @Test func onlyTheChannelsListenedToAreDeliveredInTheOrderSent() async throws {
    let database = try await Postgres.database()
    let listener = try await PostgresListener(database, channels: ["Books", "서재"])
    let sender = try PostgresConnection(database)
    for (channel, payload) in [
      ("books", "lower case: another channel"), ("Books", "1"), ("other", "no"), ("서재", "2"),
    ] {
      try sender.notify(channel, payload: payload)
    }
    try sender.notify("Books", payload: "3")
    var received: [String] = []
    for try await notification in listener.notifications {
      received.append("\(notification.channel) \(notification.payload)")
      if received.count == 3 { break }
    }
    #expect(received == ["Books 1", "서재 2", "Books 3"])
  }

  @Test func aNotificationIsSentOnlyWhenItsTransactionCommits() async throws {
    let database = try await Postgres.database()
    let listener = try await PostgresListener(database, channels: ["library"])
    let sender = try PostgresConnection(database)
    struct Undo: Error {}
    try? sender.inTransaction {
      try sender.notify("library", payload: "rolled back")
      throw Undo()
    }
    try sender.inTransaction { try sender.notify("library", payload: "committed") }
    var notifications = listener.notifications.makeAsyncIterator()
    #expect(try await notifications.next()?.payload == "committed")
  }

  @Test func stoppingAListenerEndsItsNotifications() async throws {
    let listener = try await PostgresListener(try await Postgres.database(), channels: ["library"])
    listener.stop()
    listener.stop()
    var count = 0
    for try await _ in listener.notifications { count += 1 }
    #expect(count == 0)
  }

  @Test func aListenerThatCannotConnectSaysWhy() async throws {
    let error = try await #require(throws: PostgresError.self) {
      _ = try await PostgresListener(
        "host=127.0.0.1 port=1 user=chaek connect_timeout=5", channels: ["library"])
    }
    #expect(error.isConnectionFailure)
  }
}
