import BookModel
import Foundation

/// A complete copy of the user's library as JSON: saved books with their whole journal, recently
/// viewed books, yearly goals, and recent searches with their setting. ``Library/backup()`` makes one and ``Library/restore(_:)`` puts
/// one into an empty library; a backup restored and backed up again is the same, byte for byte.
///
/// Internal ids and versions are left out (a restored library numbers its records afresh); times
/// are written in UTC to the millisecond (``BackupTime``).
public struct LibraryBackup: Codable, Sendable, Equatable {
  /// The value of ``format``, which tells a backup from other JSON.
  public static let formatName = "chaek-library-backup"

  /// What the file is: its key sorts first, so the start of a file tells.
  public var backup = Header()
  /// Saved books, in the order they were saved.
  public var books: [SavedEntry] = []
  /// Recently viewed books, newest first.
  public var recent: [RecentEntry] = []
  /// Goals, by year.
  public var goals: [Goal] = []
  /// 최근 검색어 and whether searches are recorded (a backup written before they were kept has
  /// none, and reads as recording on).
  public var searches = Searches()
  /// The works the reader merged (a backup written before they were kept has none). A merge
  /// restored saves again, when split, the edition that gave way with its shelf, rating, review and
  /// tags; the notes, quotes and readings it moved stay with the edition they moved to.
  public var merges: [Merge] = []
  /// The photos of the books among ``books`` that the reader added by hand themselves, which the
  /// catalog keeps (a backup written before they were kept has none): a restore gives them back
  /// to it.
  public var covers: [Cover] = []

  /// An empty backup.
  public init() {}

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    backup = try container.decode(Header.self, forKey: .backup)
    books = try container.decode([SavedEntry].self, forKey: .books)
    recent = try container.decode([RecentEntry].self, forKey: .recent)
    goals = try container.decode([Goal].self, forKey: .goals)
    searches = try container.decodeIfPresent(Searches.self, forKey: .searches) ?? Searches()
    merges = try container.decodeIfPresent([Merge].self, forKey: .merges) ?? []
    covers = try container.decodeIfPresent([Cover].self, forKey: .covers) ?? []
  }

  private enum CodingKeys: String, CodingKey {
    case backup, books, recent, goals, searches, merges, covers
  }

  /// `true` when `start`, the first bytes of a file, begin a backup.
  public static func isBackup(_ start: Data) -> Bool {
    String(decoding: start.prefix(512), as: UTF8.self).contains("\"\(formatName)\"")
  }

  /// Reads a backup.
  /// - Throws: ``LibraryError/invalid(_:)`` saying what is wrong with it.
  public static func decode(_ data: Data) throws -> LibraryBackup {
    let backup: LibraryBackup
    do {
      backup = try JSONDecoder().decode(LibraryBackup.self, from: data)
    } catch let error as DecodingError {
      throw LibraryError.invalid("not a Chaek backup: \(Self.describe(error))")
    }
    guard backup.backup.format == formatName, backup.backup.version == 1 else {
      throw LibraryError.invalid(
        "not a Chaek backup of a version this Chaek reads (\(backup.backup.version))")
    }
    return backup
  }

  /// The backup as JSON: the same library always writes the same bytes.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(
        separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
  }

  /// What a backup file is: `{"format": "chaek-library-backup", "version": 1}`.
  public struct Header: Codable, Sendable, Equatable {
    /// Always ``LibraryBackup/formatName``.
    public var format = LibraryBackup.formatName
    /// The version of the layout.
    public var version = 1
  }

  /// A saved book and its journal.
  public struct SavedEntry: Codable, Sendable, Equatable {
    /// The book.
    public var book: Book
    /// When it was saved (``BackupTime``).
    public var savedAt: String
    /// Its shelf.
    public var shelf: Shelf
    /// Its rating.
    public var rating: StarRating?
    /// Its review.
    public var review: String
    /// Its number of pages.
    public var pages: Int?
    /// Its tags.
    public var tags: [String]
    /// Its notes and quotes, in order.
    public var notes: [NoteEntry]
    /// Its readings, in order.
    public var sessions: [SessionEntry]

    /// ``savedAt`` as a date; `nil` when it cannot be read.
    public var savedDate: Date? { BackupTime.seconds(savedAt).map(Date.init(timeIntervalSince1970:)) }

    enum CodingKeys: String, CodingKey {
      case book, shelf, rating, review, pages, tags, notes, sessions
      case savedAt = "saved_at"
    }
  }

  /// A note or a quote.
  public struct NoteEntry: Codable, Sendable, Equatable {
    /// Note or quote.
    public var kind: Note.Kind
    /// The text.
    public var text: String
    /// Its page.
    public var page: Int?
    /// Its day.
    public var day: CalendarDay
    /// When it was written (``BackupTime``).
    public var createdAt: String

    enum CodingKeys: String, CodingKey {
      case kind, text, page, day
      case createdAt = "created_at"
    }
  }

  /// A reading.
  public struct SessionEntry: Codable, Sendable, Equatable {
    /// Its start.
    public var started: CalendarDay?
    /// Its finish.
    public var finished: CalendarDay?
    /// The edition read, when another than the saved one.
    public var edition: BookID?
    /// Its progress updates, in order.
    public var progress: [ProgressEntry]
  }

  /// A progress update.
  public struct ProgressEntry: Codable, Sendable, Equatable {
    /// Its day.
    public var day: CalendarDay
    /// Page N…
    public var page: Int?
    /// …of M.
    public var totalPages: Int?
    /// Or a percentage.
    public var percent: Double?

    enum CodingKeys: String, CodingKey {
      case day, page, percent
      case totalPages = "total_pages"
    }
  }

  /// A recently viewed book.
  public struct RecentEntry: Codable, Sendable, Equatable {
    /// The book.
    public var book: Book
    /// When it was last viewed (``BackupTime``).
    public var viewedAt: String

    enum CodingKeys: String, CodingKey {
      case book
      case viewedAt = "viewed_at"
    }
  }

  /// Recent searches, newest first, and whether searches are recorded.
  public struct Searches: Codable, Sendable, Equatable {
    /// `false` when the reader turned recording off.
    public var recording = true
    /// The searches, newest first.
    public var recent: [SearchEntry] = []
  }

  /// A recent search.
  public struct SearchEntry: Codable, Sendable, Equatable {
    /// The query.
    public var query: String
    /// When it was last searched (``BackupTime``).
    public var searchedAt: String

    enum CodingKeys: String, CodingKey {
      case query
      case searchedAt = "searched_at"
    }
  }

  /// A merge of two works.
  public struct Merge: Codable, Sendable, Equatable {
    /// The work merged, and the one it was merged into (``BookModel/WorkID``).
    public var source: String
    public var target: String
    /// A book of each: what finds their editions.
    public var sourceBook: Book
    public var targetBook: Book
    /// When it was merged (``BackupTime``).
    public var mergedAt: String
    /// The saved edition that gave way to the other's, without its notes and readings, and its
    /// import record; `nil` when the reader had not saved an edition of each.
    public var gaveWay: SavedEntry?
    public var importRecord: String?

    enum CodingKeys: String, CodingKey {
      case source, target
      case sourceBook = "source_book"
      case targetBook = "target_book"
      case mergedAt = "merged_at"
      case gaveWay = "gave_way"
      case importRecord = "import_record"
    }
  }

  /// The cover photo of a book added by hand.
  public struct Cover: Codable, Sendable, Equatable {
    /// The key of the book's page, which its cover's address names.
    public var key: String
    /// `jpeg` or `png`.
    public var kind: String
    /// The photo (Base64 in the JSON).
    public var image: Data

    /// A photo of the book whose page key is `key`.
    public init(key: String, kind: String, image: Data) {
      self.key = key
      self.kind = kind
      self.image = image
    }
  }

  /// A yearly goal.
  public struct Goal: Codable, Sendable, Equatable {
    /// The year.
    public var year: Int
    /// Books.
    public var books: Int
  }
}
