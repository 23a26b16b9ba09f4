import Foundation

/// Items made on one thread and taken, in order, on another, at most ``capacity`` waiting: the
/// maker waits while that many are, so memory holds a few whatever the number made.
///
/// The maker ends with ``end(throwing:)``, with its error if it failed, which the taker's next
/// ``take()`` throws once it has taken the items before. A taker that stops early
/// ``abandon()``s: the maker's next ``put(_:)`` returns `false`, and ``abandon()`` returns once
/// the maker has ended, so that nothing it reads is let go under it.
///
/// It is `@unchecked Sendable` because its state is read and written only under its condition.
final class Handoff<Item: Sendable>: @unchecked Sendable {
  /// The most items waiting to be taken.
  let capacity: Int
  private let condition = NSCondition()
  private var items: [Item] = []
  private var ended = false
  private var failure: (any Error)?
  private var abandoned = false

  /// An empty handoff of at most `capacity` waiting items.
  init(capacity: Int) {
    precondition(capacity > 0)
    self.capacity = capacity
  }

  /// Hands over an item, once fewer than ``capacity`` wait; `false` (and the item dropped) once the
  /// taker abandoned.
  func put(_ item: Item) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= capacity && !abandoned { condition.wait() }
    guard !abandoned else { return false }
    items.append(item)
    condition.broadcast()
    return true
  }

  /// Says that no item follows: the maker's last call, with its error if it failed.
  func end(throwing error: (any Error)? = nil) {
    condition.lock()
    defer { condition.unlock() }
    (ended, failure) = (true, error)
    condition.broadcast()
  }

  /// The next item, once made; `nil` after the last.
  /// - Throws: the maker's error, after the items it handed over before failing.
  func take() throws -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !ended { condition.wait() }
    guard items.isEmpty else {
      condition.broadcast()
      return items.removeFirst()
    }
    if let failure { throw failure }
    return nil
  }

  /// Stops taking, and returns once the maker has ended.
  func abandon() {
    condition.lock()
    defer { condition.unlock() }
    abandoned = true
    items = []
    condition.broadcast()
    while !ended { condition.wait() }
  }
}
