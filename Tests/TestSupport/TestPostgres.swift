import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway PostgreSQL 15 cluster for tests: made with `initdb` in a temporary directory,
/// served on a free port of `127.0.0.1`, and removed at the end.
///
/// One cluster, ``shared()``, serves the whole test process (it starts on first use: `initdb`
/// takes seconds), and each test makes a database of its own on it with ``makeDatabase()``, so
/// that tests stay independent. A test that stops the server makes a cluster of its own with
/// ``withCluster(_:)``. Clusters still running when the process exits are stopped and removed
/// then, and those of a test process that died are swept by the next one.
///
/// PostgreSQL's server refuses to run as root: run as root (as the tests are here and in CI),
/// the harness runs `initdb` and `pg_ctl` as the `postgres` user, in a directory given to it. It
/// only runs processes, and knows nothing of `PostgresClient`.
public actor TestPostgres {
  /// How `pg_ctl stop` stops the server.
  public enum StopMode: String, Sendable {
    /// Waits for the clients to disconnect.
    case smart
    /// Disconnects the clients and shuts down cleanly.
    case fast
    /// Kills every server process at once, as a crash would: the next start recovers.
    case immediate
  }

  /// A step of starting, stopping or using a cluster failed.
  public struct Failure: Error, CustomStringConvertible {
    /// What failed and why, with the program's output.
    public let description: String
  }

  /// The directory of `initdb`, `pg_ctl` and `createdb`: `CHAEK_POSTGRES_BIN`, else Debian's.
  public static let binDirectory =
    ProcessInfo.processInfo.environment["CHAEK_POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"

  /// `true` when the server's binaries are installed.
  public static var isInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: binDirectory + "/initdb")
  }

  /// `true` when tests that need PostgreSQL must run, and fail without it (`.ci/run` sets
  /// `CHAEK_REQUIRE_POSTGRES=1`); elsewhere they are skipped on a machine without it.
  public static let isRequired = ProcessInfo.processInfo.environment["CHAEK_REQUIRE_POSTGRES"] == "1"

  /// The role every cluster is made with (trusted: no password).
  public static let user = "chaek"

  /// The cluster's directory: the data directory `data`, the server's socket and its log.
  public nonisolated let directory: String
  /// The port the server listens on, on `127.0.0.1`.
  public nonisolated let port: Int
  private var databases = 0
  private var isRemoved = false

  private init(directory: String, port: Int) {
    self.directory = directory
    self.port = port
  }

  // MARK: - Clusters

  private static let sharedCluster = Task { try await launch() }

  /// The cluster shared by the test process, started on first use; tests must not stop it.
  public static func shared() async throws -> TestPostgres {
    try await sharedCluster.value
  }

  /// Runs `body` with a cluster of its own (for a test that stops and starts the server), and
  /// removes the cluster when `body` returns or throws.
  public static func withCluster<T: Sendable>(_ body: (TestPostgres) async throws -> T) async throws -> T {
    let cluster = try await launch()
    do {
      let result = try await body(cluster)
      await cluster.remove()
      return result
    } catch {
      await cluster.remove()
      throw error
    }
  }

  /// Makes a cluster with `initdb` and starts it on a free port.
  public static func launch() async throws -> TestPostgres {
    guard isInstalled else {
      throw Failure(
        description: "PostgreSQL 15's server is not installed: no initdb in \(binDirectory) "
          + "(apt-get install postgresql, or set CHAEK_POSTGRES_BIN)")
    }
    Leftovers.sweep()
    let directory = try Leftovers.makeDirectory()
    do {
      try await ServerProcess.run(
        binDirectory + "/initdb",
        ["-D", directory + "/data", "-A", "trust", "-U", user, "-E", "UTF8", "--locale=C", "--no-sync"],
        asServer: true, in: directory)
      // A port found free may be taken before the server binds it: then try another.
      var attempt = 1
      while true {
        let cluster = TestPostgres(directory: directory, port: try Self.freePort())
        do {
          try await cluster.start()
          return cluster
        } catch {
          guard attempt < 3 else { throw error }
          attempt += 1
        }
      }
    } catch {
      Leftovers.remove(directory)
      throw error
    }
  }

  // MARK: - Connecting

  /// The connection string of `database` as user ``user``, in libpq's `key=value` form.
  public nonisolated func connectionString(database: String = "postgres") -> String {
    "host=127.0.0.1 port=\(port) user=\(Self.user) dbname=\(database)"
  }

  /// Makes a new, empty database (`CREATE DATABASE`, with `createdb`) and returns its connection
  /// string.
  public func makeDatabase() async throws -> String {
    databases += 1
    let name = "test_\(databases)"
    try await ServerProcess.run(
      Self.binDirectory + "/createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, name],
      asServer: false, in: directory)
    return connectionString(database: name)
  }

  // MARK: - Stopping and starting

  /// Starts the server (again), waiting until it accepts connections.
  public func start() async throws {
    let options = [
      "-p \(port)", "-k \(directory)", "-c listen_addresses=127.0.0.1",
      // Only the operating system's crash could lose what is not synced, and tests do not survive
      // one: no syncing. Commits stay synchronous, so that a stopped server (even `immediate`)
      // keeps every commit it acknowledged.
      "-c fsync=off", "-c full_page_writes=off", "-c shared_buffers=16MB",
    ]
    try await ServerProcess.run(
      Self.binDirectory + "/pg_ctl",
      [
        "-D", directory + "/data", "-l", directory + "/server.log", "-o", options.joined(separator: " "),
        "-w",
        "-t", "60", "start",
      ],
      asServer: true, in: directory)
  }

  /// Stops the server, as `pg_ctl stop -m mode` does, waiting until it has.
  public func stop(mode: StopMode = .fast) async throws {
    try await ServerProcess.run(
      Self.binDirectory + "/pg_ctl", ["-D", directory + "/data", "-m", mode.rawValue, "-w", "stop"],
      asServer: true, in: directory)
  }

  /// Stops the server at once and removes its directory; the cluster cannot be used again.
  public func remove() async {
    guard !isRemoved else { return }
    isRemoved = true
    try? await stop(mode: .immediate)
    Leftovers.remove(directory)
  }

  /// The server's log, for a failing test to show.
  public nonisolated func log() -> String {
    (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? ""
  }

  /// A port of `127.0.0.1` that was free a moment ago.
  public static func freePort() throws -> Int {
    let socket = Sockets.tcp()
    guard socket >= 0 else { throw Failure(description: "no socket: \(String(cString: strerror(errno)))") }
    defer { close(socket) }
    var address = Sockets.loopback()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
