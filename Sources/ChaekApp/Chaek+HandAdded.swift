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

  /// Puts the books of `backup` that `reader` added by hand, and their photos, back in the
  /// catalog as theirs, so that they are found and shown as before; answers the backup with each
  /// such book as the catalog now has it (its photo's address is the catalog's). A book another
  /// reader added, or whose ISBN another record has, is left as the catalog has it, and the
  /// reader's copy as the backup has it.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for a book or photo that could not have been
  ///   added by hand (see ``BookDraft``, ``setCover(_:of:for:)``), found before anything is stored.
  func restoringHandAdded(_ backup: LibraryBackup, for reader: Reader) async throws -> LibraryBackup {
    let books = try Self.handAddedBooks(of: backup)
    try Self.checkCovers(of: backup, books: books)
    let owner = try owner(reader)
    let covers = Dictionary(backup.covers.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var restored: [BookID: Book] = [:]
    for (key, book) in books {
      var book = book
      let backedUp = Catalog.coverVersion(in: book.thumbnail) ?? 1
      book.thumbnail = ""
      do {
        if let cover = covers[key] {
          let version = try await catalog.storeCover(
            cover.image, kind: cover.kind, forBook: key, owner: owner, after: backedUp - 1)
          book.thumbnail = Catalog.coverPath(key: key, version: version, kind: cover.kind)
        }
        try await catalog.storeHandAdded(book, owner: owner)
        restored[book.id] = book
      } catch LibraryError.invalid {
        continue
      }
    }
    var backup = backup
    for index in backup.books.indices {
      if let book = restored[backup.books[index].book.id] { backup.books[index].book = book }
    }
    return backup
  }

  /// The books of `backup` added by hand, by their page key, each as ``BookDraft`` makes it (its
  /// names trimmed, its ISBN checked).
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for one a draft does not make as it is.
  private static func handAddedBooks(of backup: LibraryBackup) throws -> [(key: String, book: Book)] {
    try backup.books.map(\.book).filter(\.isAddedByHand).map { book in
      let key = try Catalog.handKey(of: book)
      let draft = BookDraft(
        title: book.title, authors: book.authors, publisher: book.publisher, isbn: book.isbn13 ?? "",
        pages: book.pages, contents: book.contents)
      let made = try draft.book(page: book.url, editing: book)
      guard made == book else {
        throw LibraryError.invalid("books: \(book.id) is not a book as added by hand")
      }
      return (key, made)
    }
  }

  /// Checks the photos of a backup as ``setCover(_:of:for:)`` checks one, each of a book of the
  /// backup added by hand (`books`).
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` saying which is refused and why.
  private static func checkCovers(of backup: LibraryBackup, books: [(key: String, book: Book)]) throws {
    let keys = Set(books.map(\.key))
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
    guard Catalog.isHandKey(key), let cover = try await catalog.cover(key: key) else { return nil }
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
  func owner(_ reader: Reader) throws -> String {
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

  /// `true` when the thumbnail is the address of a photo of a book added by hand, served here
  /// (see ``Chaek/coverPhoto(key:)``).
  public var hasHandCoverPhoto: Bool { Catalog.coverVersion(in: thumbnail) != nil }
}
