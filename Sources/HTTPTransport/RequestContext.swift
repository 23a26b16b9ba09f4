import CMicroHTTPD
import Foundation

/// One request's state between libmicrohttpd's calls of the access handler: the head, the body
/// received so far, and then the handler's task (unless the responder answered at once) and its
/// response.
///
/// libmicrohttpd holds it (retained) in the request's `con_cls` from the first call until
/// `MHD_OPTION_NOTIFY_COMPLETED`; the handler's task, when there is one, holds it too. The
/// connection pointer is used from outside libmicrohttpd's threads only while the connection is
/// suspended, under the lock.
///
/// `@unchecked Sendable` with an `NSLock` rather than a `Mutex`: the lock must be held while
/// libmicrohttpd suspends and resumes the connection, and the head and body are touched without it,
/// by libmicrohttpd's thread for the connection only, before the handler starts. The compiler
/// cannot check either.
final class RequestContext: @unchecked Sendable {
  private enum Phase {
    /// The head and maybe part of the body have arrived.
    case receiving
    /// The handler runs on libmicrohttpd's thread, in the access handler, until it first waits.
    case starting
    /// The connection is suspended while the handler runs.
    case handling
    /// The handler has answered; the response is queued on the next call.
    case answered(HTTPResponse)
    /// The server stopped before the handler answered.
    case abandoned
  }

  /// What the next call of the access handler should do.
  enum Step {
    /// Receive the end of the request and start the handler.
    case handle
    /// Queue this response.
    case respond(HTTPResponse)
    /// Queue the responder's answer to this refusal.
    case refuse(HTTPRefusal)
  }

  private let connection: OpaquePointer
  /// The request target as the client sent it, before libmicrohttpd decodes it.
  private let target: [UInt8]
  /// The head, once the first call of the access handler has read it.
  private var head: RequestHead?
  /// The peer's IP address as text, read with the head.
  private var clientAddress: String?
  /// The body so far; only libmicrohttpd's thread for the connection touches it, before the handler.
  private var body = Data()
  /// The limit the body went over, once it has.
  private var exceededLimit: Int?
  /// The bytes this upload took from the server's budget, given back when it is done.
  private var upload: (budget: UploadBudget, bytes: Int)?

  private let lock = NSLock()
  /// The connection is suspended exactly while the phase is `handling`.
  private var phase = Phase.receiving
  private var task: Task<Void, Never>?

  /// Where the target's C string ends in libmicrohttpd's buffer (see
  /// ``readHead(method:version:versionStart:)``).
  private let targetEnd: UInt

  /// A request whose line has arrived: libmicrohttpd's URI log callback, which sees the target
  /// before it is decoded, as a C string that ends at `targetEnd` in libmicrohttpd's buffer.
  init(connection: OpaquePointer, target: [UInt8], targetEnd: UInt = 0) {
    self.connection = connection
    self.target = target
    self.targetEnd = targetEnd
  }

  /// The request method; `GET` until the head is read.
  var method: HTTPMethod { head?.method ?? .GET }

  /// The decoded path, once the head is read.
  var path: String? { head?.path }

  /// `true` once ``readHead(method:version:versionStart:)`` has run.
  var hasHead: Bool { head != nil }

  /// Reads the head and the client's address: the first call of the access handler, on
  /// libmicrohttpd's thread for the connection. Returns the refusal of a malformed request, which
  /// no handler sees.
  ///
  /// libmicrohttpd (0.9.75) ends the target where the space before `HTTP/1.1` was, so the version
  /// starts one byte after the target's end, at `versionStart`, unless a raw NUL in the target cut
  /// its C string short; that request is refused rather than read as a shorter path.
  func readHead(method: String, version: String, versionStart: UInt) -> HTTPRefusal? {
    clientAddress = Self.clientAddress(of: connection)
    let cutShort = targetEnd > 0 && versionStart > targetEnd + 1 && versionStart - targetEnd < 1 << 20
    let read =
      cutShort
      ? .failure(.badRequest("the request target holds a NUL byte"))
      : RequestHead.read(from: connection, method: method, version: version, target: target)
    switch read {
    case .success(let head):
      self.head = head
      return nil
    case .failure(let refusal):
      head = RequestHead(method: HTTPMethod(rawValue: method), path: "", query: [:], headers: [:])
      return refusal
    }
  }

  /// The IP address of the peer on `connection`, as text; `nil` when libmicrohttpd has none.
  private static func clientAddress(of connection: OpaquePointer) -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { text in
      guard chaek_mhd_client_address(connection, text.baseAddress!, text.count) == 0 else { return nil }
      return String(cString: text.baseAddress!)
    }
  }

  // MARK: - Receiving

  /// `true` when the client declared a body above `limit`: it is refused before it is sent or read
  /// (a client waiting for `100 Continue` sends none of it), and the connection closed.
  func declaresBodyOver(_ limit: Int) -> Bool {
    guard head?.headers["Content-Length"] != nil else { return false }
    return declaredLength.map { $0 > limit } ?? true
  }

  /// The body's length as `Content-Length` gives it; `nil` without one or for one too large to
  /// be a number.
  private var declaredLength: Int? {
    guard let length = head?.headers["Content-Length"]?.trimmingCharacters(in: .whitespaces),
      !length.isEmpty, length.allSatisfy(\.isASCII), length.allSatisfy(\.isNumber)
    else { return nil }
    return Int(length)
  }

  /// Takes this upload's bytes from `budget` (its declared length, else `limit`), given back when
  /// the request is done; `false` when the budget has not that much left.
  func reserveUpload(limit: Int, from budget: UploadBudget) -> Bool {
    let bytes = min(declaredLength ?? limit, limit)
    guard budget.reserve(bytes) else { return false }
    upload = (budget, bytes)
    return true
  }

  deinit {
    if let upload { upload.budget.release(upload.bytes) }
  }

  /// Appends a chunk of the body; beyond `limit` bytes the body is dropped and a 413 will follow.
  func receive(_ bytes: UnsafePointer<CChar>, count: Int, limit: Int) {
    guard exceededLimit == nil else { return }
    guard body.count + count <= limit else {
      exceededLimit = limit
      body = Data()
      return
    }
    body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count)
  }

  /// What to do now that the whole request has arrived, or the connection has been resumed.
  func nextStep() -> Step {
    lock.withLock {
      switch phase {
      case .receiving:
        return exceededLimit.map { .refuse(.tooLarge(limit: $0)) } ?? .handle
      case .starting, .handling, .abandoned:
        return .refuse(.stopping)
      case .answered(let response):
        return .respond(response)
      }
    }
  }

  // MARK: - Handling

  /// How the handler started.
  enum Start {
    /// It answered without waiting for anything: queue this response now.
    case answered(HTTPResponse)
    /// It waits for something; the connection is suspended until it answers.
    case waiting
    /// The server is stopping: answer 503.
    case stopping
  }

  /// Runs the handler. A `GET` or `HEAD` that the responder answers at once (a static file) is
  /// answered here, with no task made; another `GET` or `HEAD` starts its task at once on this
  /// thread (libmicrohttpd's), so that a handler that never waits (an error) answers without a trip
  /// through Swift's threads; anything it awaits (a database's queue, the network) suspends the
  /// connection until the task answers. Any other method (those that carry uploads) runs on Swift's
  /// threads from the start, so that no reading of an upload holds libmicrohttpd's thread.
  func startHandler(in server: ServerContext) -> Start {
    let head = head ?? RequestHead(method: .GET, path: "/", query: [:], headers: [:])
    let request = HTTPRequest(
      method: head.method, path: head.path, query: head.query, headers: head.headers, body: body,
      clientAddress: clientAddress)
    body = Data()
    let began = lock.withLock {
      guard server.beginHandling(self) else { return false }
      phase = .starting
      return true
    }
    guard began else { return .stopping }
    let handler = { @Sendable in
      let response = await server.responder.respond(to: request)
      // The server counts the request as running until libmicrohttpd has sent the response
      // (`Callbacks.completed`), so that stopping does not close the connection before that.
      self.answer(response)
    }
    let reads = request.method == .GET || request.method == .HEAD
    let task: Task<Void, Never>?
    if reads, let response = server.responder.immediateResponse(to: request) {
      answer(response)
      task = nil
    } else if reads, #available(macOS 26, *) {
      task = Task.immediate(operation: handler)
    } else {
      task = Task(operation: handler)
    }
    return lock.withLock {
      switch phase {
      case .answered(let response):
        return .answered(response)
      case .abandoned:
        task?.cancel()
        return .stopping
      default:
        phase = .handling
        self.task = task
        MHD_suspend_connection(connection)
        return .waiting
      }
    }
  }

  /// Gives up on the handler when the server stops: cancels its task and resumes the connection,
  /// which then answers 503.
  func abandon() {
    let task = lock.withLock {
      switch phase {
      case .starting:
        phase = .abandoned
        return Task<Void, Never>?.none  // cancelled by `startHandler(in:)` once it returns
      case .handling:
        phase = .abandoned
        MHD_resume_connection(connection)
        return self.task
      default:
        return nil
      }
    }
    task?.cancel()
  }

  /// Stores the handler's response; resumes the connection if it was suspended.
  private func answer(_ response: HTTPResponse) {
    lock.withLock {
      task = nil
      switch phase {
      case .starting:
        phase = .answered(response)
      case .handling:
        phase = .answered(response)
        MHD_resume_connection(connection)
      default:
        return
      }
    }
  }
}
