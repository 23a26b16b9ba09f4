import BookModel
import Foundation

/// What a reader types for a book no provider has (see ``Chaek/addBook(_:for:)``): checked as a
/// whole, so that a draft that is refused changes nothing.
public struct BookDraft: Sendable, Equatable {
  /// The title; required.
  public var title: String
  /// The authors, in order.
  public var authors: [String]
  /// The publisher, or empty.
  public var publisher: String
  /// The ISBN as typed (any notation), or empty.
  public var isbn: String
  /// The number of pages, if known.
  public var pages: Int?
  /// A description, or empty.
  public var contents: String

  /// A draft of the fields given.
  public init(
    title: String, authors: [String] = [], publisher: String = "", isbn: String = "", pages: Int? = nil,
    contents: String = ""
  ) {
    (self.title, self.authors, self.publisher, self.isbn, self.pages, self.contents) =
      (title, authors, publisher, isbn, pages, contents)
  }

  /// The most characters of a title, an author or a publisher.
  public static let maximumNameLength = 500
  /// The most authors.
  public static let maximumAuthors = 20

  /// The draft's ISBN, checked; `nil` when none was typed.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for one whose digits do not check.
  private func checkedISBN() throws -> ISBN? {
    let typed = isbn.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !typed.isEmpty else { return nil }
    guard let isbn = ISBN(typed) else { throw LibraryError.invalid("\(typed) is not a valid ISBN") }
    return isbn
  }

  /// The book of the draft, with its page of its own and `thumbnail`, keeping what it does not
  /// edit of `edited`.
  /// - Throws: ``BookModel/LibraryError/invalid(_:)`` for a draft without a title, a name too long
  ///   or holding a control character, too many authors, a description holding a NUL, an ISBN
  ///   whose digits do not check or pages out of range.
  func book(page: String, editing edited: Book? = nil) throws -> Book {
    let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
    let authors = authors.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    let publisher = publisher.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { throw LibraryError.invalid("a book needs a title") }
    guard authors.count <= Self.maximumAuthors else {
      throw LibraryError.invalid("at most \(Self.maximumAuthors) authors")
    }
    for name in [title, publisher] + authors where name.count > Self.maximumNameLength {
      throw LibraryError.invalid("\"\(name.prefix(20))…\" is over \(Self.maximumNameLength) characters")
    }
    for name in [title, publisher] + authors
    where name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw LibraryError.invalid("a name holds a control character")
    }
    guard !contents.unicodeScalars.contains("\u{0}") else {
      throw LibraryError.invalid("a description holds a NUL character")
    }
    guard contents.count <= JournalText.maximumNoteLength else {
      throw LibraryError.invalid("a description is at most \(JournalText.maximumNoteLength) characters")
    }
    if let pages, !BookLength.pages.contains(pages) {
      throw LibraryError.invalid("pages must be from 1 to \(BookLength.maximumPages)")
    }
    let isbn = try checkedISBN()
    return Book(
      title: title, contents: contents, url: page, isbn: isbn?.kakaoNotation ?? "",
      datetime: edited?.datetime, authors: authors, publisher: publisher,
      translators: edited?.translators ?? [], thumbnail: edited?.thumbnail ?? "", pages: pages,
      series: edited?.series)
  }
}
