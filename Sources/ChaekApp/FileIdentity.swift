import Foundation

/// Which file a path names (its device and inode): a file removed and made again under the same
/// name is another file.
struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}

/// A file's identity with its size and the time it last changed: a store written by any process
/// gets another stamp (a commit to an SQLite file in WAL mode grows or rewrites its `-wal`).
struct FileStamp: Hashable, Sendable {
  let identity: FileIdentity
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of the file at `path`, or `nil` when there is none.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0, let identity = FileIdentity(path: path) else { return nil }
    self.identity = identity
    size = Int64(status.st_size)
    seconds = Int(status.st_mtim.tv_sec)
    nanoseconds = Int(status.st_mtim.tv_nsec)
  }
}
