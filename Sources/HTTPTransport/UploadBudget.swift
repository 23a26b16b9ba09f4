import Synchronization

/// The bytes of upload bodies the server holds at once: each upload (a `POST` allowed a body above
/// the usual limit, see ``HTTPServer/Configuration/uploadLimits``) takes its declared length, or
/// its path's whole limit when it declares none, before its body is read, and gives it back when
/// its request is done. Without it, a client opening hundreds of uploads could make the server
/// hold gigabytes.
final class UploadBudget: Sendable {
  /// The most bytes held at once.
  let capacity: Int
  private let held = Mutex(0)

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Takes `bytes` from the budget; `false`, taking nothing, when that would pass ``capacity``.
  func reserve(_ bytes: Int) -> Bool {
    held.withLock { held in
      guard bytes <= capacity - held else { return false }
      held += bytes
      return true
    }
  }

  /// Gives back `bytes` taken by ``reserve(_:)``.
  func release(_ bytes: Int) {
    held.withLock { $0 -= bytes }
  }
}
