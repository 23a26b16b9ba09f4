import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for notifications on channels of PostgreSQL's `LISTEN`, on a connection and a thread of
/// its own, and hands them over as an asynchronous sequence; waiting never blocks Swift's
/// cooperative thread pool.
///
/// ```swift
/// let listener = try await PostgresListener(connectionString, channels: ["library"])
/// for try await notification in listener.notifications { … }
/// ```
///
/// The sequence ends normally when ``stop()`` is called (or the listener is released, or the task
/// iterating it is cancelled), and throws a ``PostgresError`` whose
/// ``PostgresError/isConnectionFailure`` is `true` when the connection is lost: listening again
/// once the server is back, and catching up on what was missed meanwhile, is the caller's part.
public final class PostgresListener: Sendable {
  /// The notifications, in the order the server sent them.
  public let notifications: AsyncThrowingStream<PostgresNotification, any Error>
  private let loop: ListenerLoop

  /// Connects, listens to `channels`, and starts waiting for notifications; returns once the
  /// server listens, so that a notification sent after it is received.
  /// - Throws: a ``PostgresError`` when the connection cannot be made or a channel cannot be
  ///   listened to.
  public init(_ connectionString: String, channels: [String]) async throws {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: PostgresNotification.self)
    let loop = try ListenerLoop(continuation: continuation)
    continuation.onTermination = { [weak loop] _ in loop?.stop() }
    try await withCheckedThrowingContinuation { (ready: CheckedContinuation<Void, any Error>) in
      let thread = Thread { loop.run(connectionString: connectionString, channels: channels, ready: ready) }
      thread.name = "chaek.postgres-listener"
      thread.start()
    }
    self.notifications = stream
    self.loop = loop
  }

  deinit { loop.stop() }

  /// Stops listening: the connection closes and ``notifications`` ends. Calling it again does
  /// nothing.
  public func stop() { loop.stop() }
}

/// The listener's thread: polls the connection's socket and a pipe that ``stop()`` writes to.
final class ListenerLoop: Sendable {
  private let continuation: AsyncThrowingStream<PostgresNotification, any Error>.Continuation
  /// The pipe that wakes the thread: read end, write end.
  private let wake: (read: Int32, write: Int32)
  private let stopped = Atomic(false)

  init(continuation: AsyncThrowingStream<PostgresNotification, any Error>.Continuation) throws {
    var ends: [Int32] = [0, 0]
    // Close-on-exec, so that no program this process starts keeps the pipe open.
    guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
    else {
      throw PostgresError(
        code: PostgresError.clientFailure,
        message: "cannot make a pipe for the listener: \(String(cString: strerror(errno)))")
    }
    self.continuation = continuation
    self.wake = (ends[0], ends[1])
  }

  deinit {
    close(wake.read)
    close(wake.write)
  }

  /// Wakes the thread to end; only the first call writes.
  func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  /// Connects and listens, answers `ready`, then delivers notifications until stopped or the
  /// connection is lost; the connection closes when this returns.
  func run(connectionString: String, channels: [String], ready: CheckedContinuation<Void, any Error>) {
    let connection: PostgresConnection
    do {
      connection = try PostgresConnection(connectionString)
      for channel in channels { try connection.listen(channel) }
    } catch {
      ready.resume(throwing: error)
      continuation.finish(throwing: error)
      return
    }
    ready.resume()
    do {
      try deliver(from: connection)
      continuation.finish()
    } catch {
      continuation.finish(throwing: error)
    }
  }

  private func deliver(from connection: PostgresConnection) throws(PostgresError) {
    var descriptors = [
      pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
    ]
    while !stopped.load(ordering: .acquiring) {
      // Notifications that came with the last answer, or since the last look.
      for notification in try connection.receivedNotifications() { continuation.yield(notification) }
      guard connection.isConnected else {
        throw PostgresError(
          code: PostgresError.connectionLost, message: "the connection to PostgreSQL was lost")
      }
      descriptors[0].revents = 0
      descriptors[1].revents = 0
      guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else {
        throw PostgresError(
          code: PostgresError.clientFailure,
          message: "the listener cannot wait for its connection: \(String(cString: strerror(errno)))")
      }
      if descriptors[1].revents != 0 { return }
    }
  }
}
