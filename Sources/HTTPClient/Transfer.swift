import CCurl
import Dispatch
import Foundation
import Synchronization

/// One request: a libcurl easy handle performed on a thread of its own, and the caller waiting for
/// its result.
///
/// The caller is answered exactly once: by the thread when libcurl returns, or by the watchdog a
/// little after the deadline should libcurl not return by then (the thread then finishes alone).
final class Transfer: Sendable {
  /// How long after the deadline the watchdog answers a caller whose transfer has not returned.
  static let watchdogGrace = Duration.seconds(2)

  private struct State {
    var body = Data()
    var overflowed = false
    var caller: CheckedContinuation<Result<HTTPClient.Response, HTTPClientError>, Never>?
    var answered = false
  }

  private let url: String
  private let host: String
  private let headers: [(String, String)]
  private let timeout: Duration
  private let maximumBodySize: Int
  private let cancelled = Atomic(false)
  private let state = Mutex(State())

  init(url: String, host: String, headers: [(String, String)], timeout: Duration, maximumBodySize: Int) {
    self.url = url
    self.host = host
    self.headers = headers
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
  }

  // MARK: - Running

  /// Starts the transfer's thread and returns its result; `finished` runs on that thread once
  /// libcurl has returned, even when the caller was answered before.
  func run(then finished: @escaping @Sendable () -> Void) async -> Result<
    HTTPClient.Response, HTTPClientError
  > {
    await withCheckedContinuation { caller in
      state.withLock { $0.caller = caller }
      let thread = Thread {
        self.answer(self.perform())
        finished()
      }
      thread.name = "chaek.http-client"
      thread.start()
      let watchdog = DispatchTime.now() + .nanoseconds(Int(Self.nanoseconds(timeout + Self.watchdogGrace)))
      DispatchQueue.global().asyncAfter(deadline: watchdog) {
        self.answer(.failure(.timedOut(self.timeout)))
      }
    }
  }

  /// Asks libcurl to stop: its progress callback sees the flag within about a second.
  func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  private func answer(_ result: Result<HTTPClient.Response, HTTPClientError>) {
    let caller = state.withLock { state in
      defer { state.caller = nil }
      return state.caller
    }
    caller?.resume(returning: result)
  }

  // MARK: - libcurl

  /// Performs the request on the calling thread and returns its outcome.
  private func perform() -> Result<HTTPClient.Response, HTTPClientError> {
    if cancelled.load(ordering: .relaxed) { return .failure(.cancelled) }
    Self.initializeOnce()
    guard let handle = curl_easy_init() else { return .failure(.failed("libcurl cannot make a request")) }
    defer { curl_easy_cleanup(handle) }
    var headerList: UnsafeMutablePointer<curl_slist>?
    for (name, value) in headers {
      headerList = curl_slist_append(headerList, "\(name): \(value)")
    }
    defer { curl_slist_free_all(headerList) }

    let milliseconds = max(1, Int(Self.nanoseconds(timeout) / 1_000_000))
    let context = Unmanaged.passUnretained(self).toOpaque()
    chaek_curl_setopt_string(handle, CURLOPT_URL, url)
    chaek_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    chaek_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
    chaek_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
    chaek_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1)
    chaek_curl_setopt_long(handle, CURLOPT_MAXREDIRS, 5)
    chaek_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    chaek_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
    chaek_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
    chaek_curl_setopt_string(handle, CURLOPT_USERAGENT, "chaek")
    chaek_curl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maximumBodySize))
    chaek_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
    chaek_curl_setopt_write_function(handle) { bytes, size, count, context in
      guard let bytes, let context else { return 0 }
      return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().receive(bytes, count: size * count)
    }
    chaek_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    chaek_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
    chaek_curl_setopt_progress_function(handle) { context, _, _, _, _ in
      guard let context else { return 1 }
      return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().cancelled.load(ordering: .relaxed)
        ? 1 : 0
    }
    chaek_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)

    let code = curl_easy_perform(handle)
    let (body, overflowed) = state.withLock { state in
      defer { state.body = Data() }
      return (state.body, state.overflowed)
    }
    guard code == CURLE_OK else { return .failure(failure(code, overflowed: overflowed)) }
    var status = 0
    chaek_curl_response_code(handle, &status)
    return .success(HTTPClient.Response(status: status, body: body))
  }

  /// The write callback: keeps the bytes, or refuses them (ending the transfer) past the cap.
  private func receive(_ bytes: UnsafeMutablePointer<CChar>, count: Int) -> Int {
    state.withLock { state in
      guard state.body.count + count <= maximumBodySize else {
        state.overflowed = true
        return 0
      }
      state.body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count)
      return count
    }
  }

  private func failure(_ code: CURLcode, overflowed: Bool) -> HTTPClientError {
    switch code {
    case CURLE_OPERATION_TIMEDOUT: return .timedOut(timeout)
    case CURLE_COULDNT_RESOLVE_HOST: return .cannotResolve(host: host)
    case CURLE_COULDNT_CONNECT: return .cannotConnect(host: host)
    case CURLE_FILESIZE_EXCEEDED: return .bodyTooLarge(limit: maximumBodySize)
    case CURLE_WRITE_ERROR where overflowed: return .bodyTooLarge(limit: maximumBodySize)
    case CURLE_ABORTED_BY_CALLBACK: return .cancelled
    case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
      return .connectionLost(host: host)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CACERT_BADFILE:
      return .insecure(host: host)
    default: return .failed(String(cString: curl_easy_strerror(code)))
    }
  }

  // MARK: - Helpers

  private static let initialization: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

  /// `curl_global_init`, once per process, before the first request.
  private static func initializeOnce() { _ = initialization }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds)) / 1_000_000_000
  }
}

/// A cap on the requests in flight, shared by the clients that use it: beyond it a request fails at
/// once with ``HTTPClientError/busy(limit:)`` instead of taking another thread.
public final class RequestLimiter: Sendable {
  /// The cap every client uses unless given another: 64 requests in flight per process.
  public static let shared = RequestLimiter(limit: 64)

  /// The most requests in flight at once.
  public let limit: Int
  private let count = Atomic(0)

  /// A limiter of `limit` requests in flight.
  public init(limit: Int) { self.limit = limit }

  /// Takes a slot; `false` when all are taken.
  func acquire() -> Bool {
    let (_, now) = count.add(1, ordering: .relaxed)
    guard now > limit else { return true }
    release()
    return false
  }

  /// How many slots are taken.
  var inFlight: Int { count.load(ordering: .relaxed) }

  /// Gives a slot back.
  @Sendable func release() {
    count.subtract(1, ordering: .relaxed)
  }
}
