import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs PostgreSQL's programs; the server's (`initdb`, `pg_ctl`) as the `postgres` user when the
/// tests run as root, since they refuse to run as root.
///
/// Programs are started with `posix_spawn`, not Foundation's `Process`: on Linux, `Process` learns
/// that a program ended when a descriptor it gave the program closes, and `pg_ctl start` leaves
/// the server it starts holding that descriptor, so `Process` would wait for the server to stop.
/// Here a program gets standard input, output and error, and no other descriptor of the tests'.
enum ServerProcess {
  /// The user the server runs as when the tests run as root.
  static let serverUser = "postgres"

  /// Runs `executable` with `arguments` in `directory` and returns its output.
  /// - Throws: a ``TestPostgres/Failure`` with the output when it exits with a failure.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String], asServer: Bool, in directory: String)
    async throws -> String
  {
    let (pid, output) = try spawn(executable, arguments, asServer: asServer, in: directory)
    let status: Int32 = await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: waitForExit(pid)) }
      thread.name = "chaek.test-postgres.wait"
      thread.start()
    }
    return try finished(executable, arguments, status: status, output: output)
  }

  /// Runs `executable` as ``run(_:_:asServer:in:)`` does, blocking the calling thread: for the
  /// clean-up at exit, where nothing asynchronous runs any more. `true` when it succeeded.
  @discardableResult
  static func runBlocking(_ executable: String, _ arguments: [String], asServer: Bool, in directory: String)
    -> Bool
  {
    guard let (pid, output) = try? spawn(executable, arguments, asServer: asServer, in: directory) else {
      return false
    }
    return (try? finished(executable, arguments, status: waitForExit(pid), output: output)) != nil
  }

  /// `true` when running as root, so that the server's programs run as ``serverUser``.
  static var isRoot: Bool { geteuid() == 0 }

  // MARK: - Internals

  /// Starts the program, its output going to a new temporary file; returns its process ID and
  /// the file's path.
  private static func spawn(_ executable: String, _ arguments: [String], asServer: Bool, in directory: String)
    throws -> (pid_t, String)
  {
    var command = [executable] + arguments
    #if os(Linux)
      // In the cluster's directory, which the server's user can enter (the tests' may be closed to it).
      command = ["/usr/bin/env", "-C", directory] + command
    #endif
    if asServer && isRoot { command = ["/usr/sbin/runuser", "-u", serverUser, "--"] + command }

    var template = Array("/tmp/chaek-postgres-output.XXXXXX".utf8CString)
    let output = mkstemp(&template)
    guard output >= 0 else {
      throw TestPostgres.Failure(description: "no temporary file: \(String(cString: strerror(errno)))")
    }
    defer { close(output) }
    let outputPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }

    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #else
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)
    #if os(Linux)
      // Every other descriptor closes, in the child as it starts: a list of them made here would
      // miss one another test opens meanwhile (a pipe to a `chaek` it runs), and the server would
      // hold that pipe open until the tests end, its reader waiting for an end that never comes.
      guard closeFrom(&actions, 3) == 0 else {
        throw TestPostgres.Failure(description: "posix_spawn_file_actions_addclosefrom_np failed")
      }
    #else
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
    #endif

    // The programs' own options say everything: no PGDATA, PGPORT, ... of the caller's.
    let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
      .map { "\($0.key)=\($0.value)" }
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let code = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard code == 0 else {
      unlink(outputPath)
      throw TestPostgres.Failure(description: "cannot run \(command[0]): \(String(cString: strerror(code)))")
    }
    return (pid, outputPath)
  }

  #if os(Linux)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
    /// module does not declare.
    private static let closeFrom:
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else {
          fatalError("glibc 2.34 or later is needed: no posix_spawn_file_actions_addclosefrom_np")
        }
        return unsafeBitCast(
          symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
        )
      }()
  #endif

  /// Waits for the process to end; its exit status, or 128 + the signal that ended it.
  private static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  private static func finished(_ executable: String, _ arguments: [String], status: Int32, output: String)
    throws -> String
  {
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    unlink(output)
    guard status == 0 else {
      throw TestPostgres.Failure(
        description: "\((executable as NSString).lastPathComponent) \(arguments.joined(separator: " ")) "
          + "exited with \(status):\n\(text)")
    }
    return text
  }
}

/// The clusters' directories: made for the server's user, removed at exit, and swept when a test
/// process died before it could remove its own.
enum Leftovers {
  /// Every cluster directory starts with this, in `/tmp` (which the server's user can reach).
  static let prefix = "/tmp/chaek-postgres."
  /// The file in a cluster's directory that holds the process ID of the test process owning it.
  static let ownerFile = "owner"

  private static let live = Mutex<Set<String>>([])
  private static let hasSwept = Atomic(false)
  private static let removesAtExit: Void = { atexit { Leftovers.removeAll() } }()

  /// A new, empty directory owned by the server's user (when running as root), recorded to be
  /// removed at exit.
  static func makeDirectory() throws -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TestPostgres.Failure(description: "no temporary directory: \(String(cString: strerror(errno)))")
    }
    let directory = String(cString: made)
    _ = removesAtExit
    live.withLock { _ = $0.insert(directory) }
    try String(getpid()).write(toFile: directory + "/" + ownerFile, atomically: false, encoding: .utf8)
    if ServerProcess.isRoot {
      guard let user = getpwnam(ServerProcess.serverUser) else {
        throw TestPostgres.Failure(
          description: "the tests run as root, and PostgreSQL's server will not: it needs a user named "
            + "\(ServerProcess.serverUser) (made by the postgresql package)")
      }
      guard chown(directory, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
        throw TestPostgres.Failure(description: "cannot give \(directory) to \(ServerProcess.serverUser)")
      }
    }
    return directory
  }

  /// Stops the server of `directory` if it runs, and removes the directory.
  static func remove(_ directory: String) {
    if FileManager.default.fileExists(atPath: directory + "/data/postmaster.pid") {
      ServerProcess.runBlocking(
        TestPostgres.binDirectory + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"],
        asServer: true, in: directory)
    }
    try? FileManager.default.removeItem(atPath: directory)
    live.withLock { _ = $0.remove(directory) }
  }

  /// Removes the clusters of test processes that are gone, once per process.
  static func sweep() {
    guard !hasSwept.exchange(true, ordering: .relaxed) else { return }
    let parent = (prefix as NSString).deletingLastPathComponent
    let name = (prefix as NSString).lastPathComponent
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
    where entry.hasPrefix(name) {
      let directory = parent + "/" + entry
      guard let text = try? String(contentsOfFile: directory + "/" + ownerFile, encoding: .utf8),
        let owner = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
        owner != getpid(), kill(owner, 0) != 0, errno == ESRCH
      else { continue }
      remove(directory)
    }
  }

  /// Removes every cluster of this process that is still there: at exit.
  static func removeAll() {
    for directory in live.withLock({ $0 }) { remove(directory) }
  }
}
