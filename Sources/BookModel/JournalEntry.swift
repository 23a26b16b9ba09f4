import Foundation

/// Everything the reader keeps about one book in the library: its shelf, rating, review, tags,
/// notes, quotes and readings. Encoded as the stable JSON the CLI and the web API print.
public struct JournalEntry: Encodable, Sendable, Equatable {
  /// The book as stored.
  public let book: Book
  /// When it was first saved.
  public let savedAt: Date
  /// Its shelf.
  public let shelf: Shelf
  /// The reader's rating, if any.
  public let rating: StarRating?
  /// The reader's review, or empty.
  public let review: String
  /// The book's number of pages, when known (from an import or a progress update "page N of M").
  public let pages: Int?
  /// The reader's tags, in 가나다 order.
  public let tags: [String]
  /// The version of the shelf, rating, review, tags and pages: an edit that names an older
  /// version is refused (``LibraryError/staleEdit(current:)``).
  public let version: Int
  /// Notes, oldest first.
  public let notes: [Note]
  /// Quotes (문장 수집), oldest first.
  public let quotes: [Note]
  /// Readings, oldest first.
  public let sessions: [ReadingSession]

  /// A value of the fields given.
  package init(
    book: Book, savedAt: Date, shelf: Shelf, rating: StarRating?, review: String, pages: Int?, tags: [String],
    version: Int, notes: [Note], quotes: [Note], sessions: [ReadingSession]
  ) {
    self.book = book
    self.savedAt = savedAt
    self.shelf = shelf
    self.rating = rating
    self.review = review
    self.pages = pages
    self.tags = tags
    self.version = version
    self.notes = notes
    self.quotes = quotes
    self.sessions = sessions
  }

  private enum CodingKeys: String, CodingKey {
    case book, shelf, rating, review, pages, tags, version, notes, quotes, sessions, id
    case savedAt = "saved_at"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(book.id.rawValue, forKey: .id)
    try container.encode(book, forKey: .book)
    try container.encode(KakaoDate.format(savedAt), forKey: .savedAt)
    try container.encode(shelf, forKey: .shelf)
    try container.encode(rating, forKey: .rating)
    try container.encode(review, forKey: .review)
    try container.encode(pages, forKey: .pages)
    try container.encode(tags, forKey: .tags)
    try container.encode(version, forKey: .version)
    try container.encode(notes, forKey: .notes)
    try container.encode(quotes, forKey: .quotes)
    try container.encode(sessions, forKey: .sessions)
  }
}

/// A note or a quote about a book.
public struct Note: Encodable, Sendable, Equatable, Identifiable {
  /// Notes are thoughts; quotes are sentences kept from the book.
  public enum Kind: String, Codable, Sendable, CaseIterable {
    /// A thought about the book.
    case note
    /// A sentence from the book (문장 수집).
    case quote
  }

  /// Its id in the library.
  public let id: Int
  /// The book it is about.
  public let bookID: BookID
  /// Note or quote.
  public let kind: Kind
  /// The text.
  public let text: String
  /// The page a quote is on, if given.
  public let page: Int?
  /// The day it was written (the reader's calendar).
  public let day: CalendarDay
  /// Its version: an edit that names an older one is refused.
  public let version: Int

  /// A value of the fields given.
  package init(id: Int, bookID: BookID, kind: Kind, text: String, page: Int?, day: CalendarDay, version: Int)
  {
    self.id = id
    self.bookID = bookID
    self.kind = kind
    self.text = text
    self.page = page
    self.day = day
    self.version = version
  }

  private enum CodingKeys: String, CodingKey {
    case id, kind, text, page, day, version
    case bookID = "book_id"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(bookID.rawValue, forKey: .bookID)
    try container.encode(kind, forKey: .kind)
    try container.encode(text, forKey: .text)
    try container.encode(page, forKey: .page)
    try container.encode(day, forKey: .day)
    try container.encode(version, forKey: .version)
  }
}

/// One reading of a book, from the day it was started to the day it was finished (either may be
/// unknown; an open session has no finish), with its progress updates.
public struct ReadingSession: Encodable, Sendable, Equatable, Identifiable {
  /// Its id in the library.
  public let id: Int
  /// The day it was started, when known.
  public let started: CalendarDay?
  /// The day it was finished; `nil` while the book is being read (or was put down).
  public let finished: CalendarDay?
  /// The edition read, when it is another than the saved one (a reading of the translation, of
  /// the edition saved before a switch); `nil`: the saved edition.
  public let edition: BookID?
  /// Its version: an edit that names an older one is refused.
  public let version: Int
  /// Progress updates, oldest first.
  public let progress: [ProgressUpdate]

  /// A value of the fields given.
  package init(
    id: Int, started: CalendarDay?, finished: CalendarDay?, edition: BookID? = nil, version: Int,
    progress: [ProgressUpdate]
  ) {
    self.id = id
    self.started = started
    self.finished = finished
    self.edition = edition
    self.version = version
    self.progress = progress
  }
}

/// How far the reader was on a day: page N of M, or a percentage.
public struct ProgressUpdate: Encodable, Sendable, Equatable {
  /// The day.
  public let day: CalendarDay
  /// How far.
  public let amount: ReadingAmount

  /// A value of the fields given.
  package init(day: CalendarDay, amount: ReadingAmount) {
    self.day = day
    self.amount = amount
  }

  private enum CodingKeys: String, CodingKey {
    case day, page
    case totalPages = "total_pages"
    case percent
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(day, forKey: .day)
    switch amount {
    case .page(let page, let total):
      try container.encode(page, forKey: .page)
      try container.encode(total, forKey: .totalPages)
    case .percent: break
    }
    try container.encode(amount.percent, forKey: .percent)
  }
}

/// How far into a book: page N (of M when known), or a percentage.
public enum ReadingAmount: Sendable, Equatable {
  /// Page `page` of `total` pages (when known).
  case page(Int, of: Int?)
  /// A percentage, 0...100.
  case percent(Double)

  /// Parses `120/352`, `120`, `45%`; `nil` for anything else, a page past the total or past
  /// ``BookModel/BookLength/maximumPages``, or a percentage outside 0...100.
  public init?(_ text: String) {
    let text = text.trimmingCharacters(in: .whitespaces)
    let amount: ReadingAmount
    if text.hasSuffix("%") {
      guard let percent = Double(text.dropLast()) else { return nil }
      amount = .percent(percent)
    } else {
      let parts = text.split(separator: "/", omittingEmptySubsequences: false)
      guard (1...2).contains(parts.count), let page = Int(parts[0]) else { return nil }
      if parts.count == 2 {
        guard let total = Int(parts[1]) else { return nil }
        amount = .page(page, of: total)
      } else {
        amount = .page(page, of: nil)
      }
    }
    guard amount.isPossible else { return nil }
    self = amount
  }

  /// `true` for an amount a reading can have: a page from 0 to the total (when known) and to
  /// ``BookModel/BookLength/maximumPages``, of a total in ``BookModel/BookLength/pages``; a
  /// percentage from 0 to 100.
  public var isPossible: Bool {
    switch self {
    case .page(let page, let total?):
      BookLength.pages.contains(total) && (0...total).contains(page)
    case .page(let page, nil): (0...BookLength.maximumPages).contains(page)
    case .percent(let percent): (0...100).contains(percent)
    }
  }

  /// How far as a percentage, when it can be told (`nil` for a page without a total).
  public var percent: Double? {
    switch self {
    case .page(let page, let total?): (Double(page) / Double(total) * 1000).rounded() / 10
    case .page: nil
    case .percent(let percent): percent
    }
  }
}
