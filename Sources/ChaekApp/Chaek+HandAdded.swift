import BookCatalog
import BookModel
import Foundation
import Imaging
import UserLibrary

/// Books a reader adds by hand when no provider has them: stored in the catalog as typed (so that
/// they are searched, opened and exported as any other), saved to the reader's 담은 책, editable
/// later by a reader who saved them, with a cover photo of their own.
extension Chaek {
  /// What adding a book by hand did.
  public enum HandAdded: Sendable, Equatable {
    /// The book was added to the catalog and saved (읽고 싶은 책).
    case added(Book)
    /// A book with the draft's ISBN is known already: this one, which nothing was changed for.
    case known(Book)
  }

  /// The largest cover photo stored, in bytes: the page sends photos reduced to 800 pixels on
  /// their longer side, a JPEG of 100 to 200 KiB.
  public static let maximumCoverBytes = 512 * 1024
  /// The most pixels on a cover photo's side.
  public static let maximumCoverSide = 2_000

  /// Adds the book of `draft` to the catalog and saves it for `reader`, unless a book with its ISBN
  /// is known (in the catalog or their library), which is answered instead.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for a draft that is refused (see
  ///   ``BookDraft``); nothing is stored then.
  public func addBook(_ draft: BookDraft, for reader: Reader) async throws -> HandAdded {
    let book = try draft.book(page: Catalog.handPagePrefix + UUID().uuidString.lowercased())
    if book.isbn13 != nil, let known = try await knownBook(book.id, for: reader) {
      return .known(known)
    }
    try await catalog.storeHandAdded(book, owner: try owner(reader))
    try await library(for: reader).save(book)
    return .added(book)
  }

  /// Edits the book added by hand with identity `id`, which `reader` added and saved, to `draft`:
  /// the catalog's record and every copy in their library (the journal follows a new identity).
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for a refused draft, an ISBN another book has,
  ///   a book not added by hand or added by another reader; ``BookModel/LibraryError/notSaved(_:)``
  ///   when they have not saved it.
  public func editBook(_ id: BookID, to draft: BookDraft, for reader: Reader) async throws -> Book {
    let old = try await handAddedBook(id, for: reader)
    let book = try draft.book(page: old.url, editing: old)
    if book.id != old.id, let other = try await knownBook(book.id, for: reader), other.url != old.url {
      throw LibraryError.invalid("\(other.title) has ISBN \(book.isbn13 ?? "")")
    }
    return try await replace(old, with: book, for: reader)
  }

  /// Sets the cover photo of the book added by hand with identity `id`, which `reader` added and
  /// saved: a JPEG or PNG of at most ``maximumCoverBytes`` and ``maximumCoverSide`` pixels a side.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for another file, a book not added by hand or
  ///   added by another reader;
  ///   ``BookModel/LibraryError/notSaved(_:)`` when they have not saved it.
  public func setCover(_ image: Data, of id: BookID, for reader: Reader) async throws -> Book {
    let header = try Self.checkedCover(image)
    let old = try await handAddedBook(id, for: reader)
    let key = try Catalog.handKey(of: old)
    let version = try await catalog.storeCover(
      image, kind: header.kind.rawValue, forBook: key, owner: try owner(reader))
    var book = old
    book.thumbnail = Catalog.coverPath(key: key, version: version, kind: header.kind.rawValue)
    return try await replace(old, with: book, for: reader)
  }

  /// Stores the books of `backup` added by hand, as it has them, and their photos in the catalog,
  /// as `reader`'s: a restored library's books added by hand are found and shown as before. A book
  /// another reader added, or whose ISBN another record has, is left as the catalog has it (the
  /// reader's saved copy stays as the backup had it).
  func restoreHandAdded(_ backup: LibraryBackup, for reader: Reader) async throws {
    let covers = Dictionary(backup.covers.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    for entry in backup.books where entry.book.isAddedByHand {
      let key = try Catalog.handKey(of: entry.book)
      do {
        try await catalog.storeHandAdded(entry.book, owner: try owner(reader))
        if let cover = covers[key] {
          _ = try await catalog.storeCover(
            cover.image, kind: cover.kind, forBook: key, owner: try owner(reader))
        }
      } catch LibraryError.invalid {
        continue
      }
    }
  }

  /// Checks the photos of a backup as ``setCover(_:of:for:)`` checks one, each of a book of the
  /// backup added by hand.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` saying which is refused and why.
  static func checkCovers(of backup: LibraryBackup) throws {
    let keys = Set(
      backup.books.map(\.book).filter(\.isAddedByHand).compactMap { try? Catalog.handKey(of: $0) })
    for cover in backup.covers {
      guard keys.contains(cover.key) else {
        throw LibraryError.invalid("covers: \(cover.key) is no book of the backup added by hand")
      }
      let header: PictureHeader
      do { header = try checkedCover(cover.image) } catch LibraryError.invalid(let reason) {
        throw LibraryError.invalid("covers: \(cover.key): \(reason)")
      }
      guard header.kind.rawValue == cover.kind else {
        throw LibraryError.invalid("covers: \(cover.key) is a \(header.kind.rawValue), not a \(cover.kind)")
      }
    }
  }

  /// The header of a cover photo: a JPEG or PNG of at most ``maximumCoverBytes`` and
  /// ``maximumCoverSide`` pixels a side.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for any other file.
  static func checkedCover(_ image: Data) throws -> PictureHeader {
    guard image.count <= maximumCoverBytes else {
      throw LibraryError.invalid("a cover photo is at most \(maximumCoverBytes / 1024) KiB")
    }
    let header: PictureHeader
    do { header = try PictureHeader(of: image) } catch {
      throw LibraryError.invalid("a cover photo is a JPEG or PNG: \(error)")
    }
    guard max(header.width, header.height) <= maximumCoverSide else {
      throw LibraryError.invalid("a cover photo is at most \(maximumCoverSide) pixels a side")
    }
    return header
  }

  /// The cover photo of the book added by hand whose page key is `key`, and its media type.
  public func coverPhoto(key: String) async throws -> (image: Data, mediaType: String)? {
    guard let cover = try await catalog.cover(key: key) else { return nil }
    return (cover.image, PictureHeader.Kind(rawValue: cover.kind)?.mediaType ?? "application/octet-stream")
  }

  /// The book with identity `id` in the catalog or `reader`'s library, if either has it.
  private func knownBook(_ id: BookID, for reader: Reader) async throws -> Book? {
    if let book = try await catalog.book(id) { return book }
    return try await library(for: reader).savedBook(id)?.book
  }

  /// The book added by hand with identity `id`, as the catalog has it, which `reader` saved.
  private func handAddedBook(_ id: BookID, for reader: Reader) async throws -> Book {
    guard try await library(for: reader).contains(id) else { throw LibraryError.notSaved(id) }
    guard let book = try await catalog.book(id), book.isAddedByHand else {
      throw LibraryError.invalid("only a book added by hand can be edited")
    }
    return book
  }

  /// Who `reader` is to the books they add: their library.
  private func owner(_ reader: Reader) throws -> String {
    guard let library = reader.library else { throw SignInError.signedOut }
    return library
  }

  /// Stores `book` in place of `old` in the catalog and `reader`'s library.
  private func replace(_ old: Book, with book: Book, for reader: Reader) async throws -> Book {
    try await catalog.storeHandAdded(book, owner: try owner(reader))
    try await library(for: reader).replaceCopies(of: old.id, with: book)
    return book
  }
}

extension Book {
  /// `true` for a book a reader added by hand (see ``Chaek/addBook(_:for:)``).
  public var isAddedByHand: Bool { url.hasPrefix(Catalog.handPagePrefix) }
}
