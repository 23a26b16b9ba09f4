import BookModel
import Foundation
import Synchronization

/// The books searches decoded lately, by rowid, each with the stored form it was decoded from:
/// decoding a stored book costs more than the search that found it, and popular books come back
/// page after page. A book is taken from here only while its stored form is still what it was
/// decoded from, so a book any process changed since is decoded again.
///
/// Two generations bound it: books go into the newer, and when that holds half the capacity, it
/// becomes the older and the oldest go; a book found in the older is moved to the newer.
final class DecodedBooks: Sendable {
  private struct Generations {
    var newer: [Int: (stored: Data, book: Book)] = [:]
    var older: [Int: (stored: Data, book: Book)] = [:]
  }

  private let generations = Mutex(Generations())
  private let capacity: Int

  /// A cache of at most `capacity` books.
  init(capacity: Int = 8_192) {
    self.capacity = capacity
  }

  /// The books stored as `rows` (rowid and stored form), by rowid, each decoded once for as long as it
  /// stays so. The cache is locked twice a page, not twice a book: searches on several readers
  /// at once would otherwise queue on it.
  func books(_ rows: [(rowid: Int, stored: Data)]) throws -> [Int: Book] {
    var books: [Int: Book] = [:]
    var missing: [(rowid: Int, stored: Data)] = []
    generations.withLock { generations in
      for row in rows {
        if let entry = generations.newer[row.rowid], entry.stored == row.stored {
          books[row.rowid] = entry.book
        } else if let entry = generations.older.removeValue(forKey: row.rowid), entry.stored == row.stored {
          add(entry, at: row.rowid, to: &generations)
          books[row.rowid] = entry.book
        } else {
          missing.append(row)
        }
      }
    }
    guard !missing.isEmpty else { return books }
    let decoded = try missing.map { ($0, try Catalog.decode($0.stored)) }
    generations.withLock { generations in
      for (row, book) in decoded {
        add((row.stored, book), at: row.rowid, to: &generations)
        books[row.rowid] = book
      }
    }
    return books
  }

  /// The books held.
  var count: Int { generations.withLock { $0.newer.count + $0.older.count } }

  private func add(_ entry: (stored: Data, book: Book), at rowid: Int, to generations: inout Generations) {
    if generations.newer.count >= capacity / 2 {
      generations.older = generations.newer
      generations.newer = [:]
    }
    generations.newer[rowid] = entry
  }
}
