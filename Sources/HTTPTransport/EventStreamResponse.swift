import CMicroHTTPD
import Foundation

/// A `text/event-stream` response body: a task iterates the handler's `AsyncStream` into a buffer,
/// and libmicrohttpd's content reader copies the buffer out.
///
/// When the buffer is empty and the stream goes on, the reader suspends the connection (returning 0
/// without suspending would make libmicrohttpd call it again at once); new bytes resume it. A
/// `: ping` comment every heartbeat interval makes a gone client show up as a failed write. When
/// libmicrohttpd frees the reader (client gone, stream over, server stopping) the tasks are
/// cancelled, so the `AsyncStream`'s `onTermination` runs.
///
/// `@unchecked Sendable` with an `NSLock` rather than a `Mutex`: it holds the connection pointer,
/// which is not `Sendable`, and suspends and resumes the connection while holding the lock, so that
/// a resume never comes before the suspend it answers.
final class EventStream: @unchecked Sendable {
  /// Bytes waiting beyond this make the server give up on a client that does not read.
  static let bufferLimit = 1 << 20

  private let connection: OpaquePointer
  private let server: ServerContext
  private let lock = NSLock()
  private var pending = Data()
  /// No more bytes will come: the reader ends the response once `pending` is sent.
  private var finished = false
  /// The client read too slowly: the reader ends the response with an error.
  private var overflowed = false
  private var suspended = false
  private var tasks: [Task<Void, Never>] = []

  private init(connection: OpaquePointer, server: ServerContext) {
    self.connection = connection
    self.server = server
  }

  // MARK: - Response

  /// What ``response(for:on:server:)`` made.
  enum Made {
    /// The libmicrohttpd response; `nil` if libmicrohttpd could not make one.
    case made(OpaquePointer?)
    /// As many streams as the server allows are open: the events were discarded.
    case full
  }

  /// A libmicrohttpd response that sends `events` on `connection` until the stream ends, the client
  /// leaves or the server stops, or ``Made/full`` when the server has as many streams open as it
  /// allows.
  static func response(
    for events: AsyncStream<ServerSentEvent>, on connection: OpaquePointer, server: ServerContext
  ) -> Made {
    let stream = EventStream(connection: connection, server: server)
    switch server.open(stream) {
    case .opened:
      stream.start(events)
    case .stopping:
      stream.finished = true
      discard(events)
    case .full:
      discard(events)
      return .full
    }
    let reader = Unmanaged.passRetained(stream)
    let response = MHD_create_response_from_callback(
      chaek_mhd_size_unknown(), 4096,
      { context, _, buffer, capacity in
        guard let context, let buffer else { return chaek_mhd_end_with_error() }
        return Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity)
      }, reader.toOpaque(),
      { context in
        guard let context else { return }
        let stream = Unmanaged<EventStream>.fromOpaque(context)
        stream.takeUnretainedValue().close()
        stream.release()
      })
    if response == nil {
      stream.close()
      reader.release()
    }
    return .made(response)
  }

  /// The refusal of a stream beyond the server's limit: 503, try again in a while.
  static func tooMany(_ server: ServerContext) -> HTTPRefusal {
    .tooManyStreams(limit: server.eventStreamLimit, retryAfter: retryAfterSeconds)
  }

  /// Seconds a client refused a stream should wait before it asks again.
  static let retryAfterSeconds = 10

  /// Ends `events` without sending them (a `HEAD` request, a stopping server): its `onTermination`
  /// runs as if a client had left.
  static func discard(_ events: AsyncStream<ServerSentEvent>) {
    Task { for await _ in events {} }.cancel()
  }

  private func start(_ events: AsyncStream<ServerSentEvent>) {
    let (heartbeat, clock) = (server.heartbeatInterval, server.clock)
    let pump = Task {
      for await event in events { self.append(event.encoded) }
      self.end()
    }
    let pings = Task {
      while (try? await clock.sleep(for: heartbeat)) != nil {
        self.append(ServerSentEvent.comment("ping").encoded)
      }
    }
    let ended = lock.withLock {
      tasks = [pump, pings]
      return finished
    }
    if ended {
      pump.cancel()
      pings.cancel()
    }
  }

  // MARK: - Producing

  /// Queues bytes for the client and wakes the connection.
  private func append(_ bytes: Data) {
    let cancelled = lock.withLock {
      guard !finished else { return [Task<Void, Never>]() }
      guard pending.count + bytes.count <= Self.bufferLimit else {
        overflowed = true
        finished = true
        resume()
        return tasks
      }
      pending.append(bytes)
      resume()
      return []
    }
    for task in cancelled { task.cancel() }
  }

  /// No more events: the response ends once the buffer is sent. The server calls it when stopping.
  func end() {
    let cancelled = lock.withLock {
      finished = true
      resume()
      return tasks
    }
    for task in cancelled { task.cancel() }
  }

  /// Resumes the connection if the reader suspended it; call with the lock held.
  private func resume() {
    guard suspended else { return }
    suspended = false
    MHD_resume_connection(connection)
  }

  // MARK: - libmicrohttpd callbacks

  /// The content reader: copies up to `capacity` buffered bytes, or suspends the connection until
  /// there are some, or ends the response.
  private func read(into buffer: UnsafeMutablePointer<CChar>, _ capacity: Int) -> Int {
    lock.withLock {
      if overflowed { return chaek_mhd_end_with_error() }
      if !pending.isEmpty {
        let count = min(capacity, pending.count)
        pending.copyBytes(
          to: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
        pending.removeFirst(count)
        return count
      }
      if finished { return chaek_mhd_end_of_stream() }
      suspended = true
      MHD_suspend_connection(connection)
      return 0
    }
  }

  /// The reader is freed: the response is over. Cancels the tasks, so the stream terminates.
  private func close() {
    let cancelled = lock.withLock {
      finished = true
      return tasks
    }
    for task in cancelled { task.cancel() }
    server.close(self)
  }
}
