import BookModel
import Synchronization

/// The books searches decoded lately, by rowid, each with the stored JSON it was decoded from:
/// decoding a stored book costs more than the search that found it, and popular books come back
/// page after page. A book is taken from here only while its stored JSON is still what it was
/// decoded from, so a book any process changed since is decoded again.
///
/// Two generations bound it: books go into the newer, and when that holds half the capacity, it
/// becomes the older and the oldest go; a book found in the older is moved to the newer.
final class DecodedBooks: Sendable {
  private struct Generations {
    var newer: [Int: (json: String, book: Book)] = [:]
    var older: [Int: (json: String, book: Book)] = [:]
  }

  private let generations = Mutex(Generations())
  private let capacity: Int

  /// A cache of at most `capacity` books.
  init(capacity: Int = 8_192) {
    self.capacity = capacity
  }

  /// The book stored as `json` at `rowid`, decoded once for as long as it stays so.
  func book(rowid: Int, json: String) throws -> Book {
    let cached = generations.withLock { generations -> Book? in
      if let entry = generations.newer[rowid], entry.json == json { return entry.book }
      guard let entry = generations.older.removeValue(forKey: rowid), entry.json == json else { return nil }
      add(entry, at: rowid, to: &generations)
      return entry.book
    }
    if let cached { return cached }
    let book = try Catalog.decode(json)
    generations.withLock { add((json, book), at: rowid, to: &$0) }
    return book
  }

  /// The books held.
  var count: Int { generations.withLock { $0.newer.count + $0.older.count } }

  private func add(_ entry: (json: String, book: Book), at rowid: Int, to generations: inout Generations) {
    if generations.newer.count >= capacity / 2 {
      generations.older = generations.newer
      generations.newer = [:]
    }
    generations.newer[rowid] = entry
  }
}
