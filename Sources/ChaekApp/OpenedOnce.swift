import Synchronization

/// A store opened on first use and kept: a command that needs only the library never opens (or
/// builds) the catalog. A failed opening is not kept, so the next use tries again.
final class OpenedOnce<Value: Sendable>: Sendable {
  private let open: @Sendable () throws -> Value
  private let opened = Mutex<Value?>(nil)

  /// A store that `open` opens.
  init(_ open: @escaping @Sendable () throws -> Value) { self.open = open }

  /// A store already open.
  init(_ value: Value) {
    open = { value }
    opened.withLock { $0 = value }
  }

  /// The store, opened now if it was not.
  func get() throws -> Value {
    try opened.withLock { opened in
      if let opened { return opened }
      let value = try open()
      opened = value
      return value
    }
  }

  /// The store if it is open, without opening it.
  var ifOpened: Value? { opened.withLock { $0 } }
}
