import BookModel
import Foundation
import SearchIndex

/// What the index makes of a book whatever its rowid and rank (see
/// ``Catalog/document(of:rowid:popularity:)``): analyzed apart from the write that stores it, so
/// that the books of a large batch are analyzed on every core first.
struct IndexedBook: Sendable {
  /// The book's document, as if it were row 0 of no popularity.
  private let document: Document

  init(_ book: Book) {
    let analyzed = AnalyzedBook(book)
    document = Document(
      id: 0, terms: analyzed.terms, rank: 0, day: Catalog.day(of: book), stored: analyzed.stored,
      suggestions: Catalog.suggestions(of: book))
  }

  /// The book's document as the row `rowid` of the given popularity.
  func document(rowid: Int, popularity: Int) -> Document {
    document.placed(id: rowid, rank: UInt32(clamping: popularity))
  }
}

/// A book of a batch as the catalog will store it: its stored form and what the index makes of it
/// (when the batch is indexed), computed beside the write transaction (see
/// ``Catalog/prepare(_:indexing:)``).
struct PreparedBook: Sendable {
  let book: Book
  let stored: Data
  let indexed: IndexedBook?
}

extension Catalog {
  /// The fewest books of a batch prepared on other threads: below it, each is prepared in turn.
  static let parallelBatch = 64

  /// The books of a batch of at least ``parallelBatch``, each with its stored form and, when
  /// `indexing`, its index content, prepared on every core from now on while the caller writes
  /// the ones prepared already; `nil` for a smaller batch.
  static func prepare(_ books: [Book], indexing: Bool) -> OrderedParts<PreparedBook>? {
    guard books.count >= parallelBatch else { return nil }
    return OrderedParts(count: books.count) { positions in
      positions.map {
        PreparedBook(
          book: books[$0], stored: encode(books[$0]), indexed: indexing ? IndexedBook(books[$0]) : nil)
      }
    }
  }
}
