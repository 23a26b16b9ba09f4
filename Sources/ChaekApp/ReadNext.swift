import BookCatalog
import BookModel
import SearchIndex

/// What to read next, offline and explainable, from a reader's own journal: the next volume of
/// each series they read or are reading, then the catalog's books by the authors they finished and
/// rated highly. Each suggestion says why; books they saved (any shelf), and other editions of
/// them, are never suggested.
///
/// A book's weight is its rating (3.5 stars when unrated) times how recently it was finished (the
/// last finished weighs twice the first). An author's affinity sums the weights of their books the
/// reader finished and rated 3.5 stars or more (or left unrated); their other books are ranked by
/// affinity, then popularity.
public struct ReadNext: Sendable {
  /// A book suggested, and why.
  public struct Suggestion: Sendable, Equatable {
    /// Why a book is suggested.
    public enum Reason: Sendable, Equatable {
      /// The volume after the last the reader read of a series they are reading (or finished a
      /// volume of).
      case nextInSeries(series: String, volume: String, reading: Bool)
      /// Another book by an author whose books the reader finished.
      case sameAuthor(String)
    }

    /// The book.
    public let book: Book
    /// Why.
    public let reason: Reason

    /// The reason as the page says it: `읽는 중인 시리즈 ‘해리 포터’의 4권`, `한강의 다른 책`.
    public var why: String {
      switch reason {
      case .nextInSeries(let series, let volume, let reading):
        let place = volume.isEmpty ? "다음 책" : "\(volume)권"
        return reading ? "읽는 중인 시리즈 ‘\(series)’의 \(place)" : "읽은 시리즈 ‘\(series)’의 \(place)"
      case .sameAuthor(let author): return "\(author)의 다른 책"
      }
    }
  }

  /// A book of the reader's journal, as suggestions start from it.
  public struct Read: Sendable {
    /// The book.
    public let book: Book
    /// Its shelf.
    public let shelf: Shelf
    /// The reader's rating, if any.
    public let rating: StarRating?

    /// A book of the journal.
    public init(book: Book, shelf: Shelf, rating: StarRating?) {
      (self.book, self.shelf, self.rating) = (book, shelf, rating)
    }
  }

  /// The catalog suggestions come from.
  let catalog: Catalog

  /// Suggestions from a catalog.
  public init(catalog: Catalog) { self.catalog = catalog }

  /// How many of the books finished last have their series' next volume looked up (besides every
  /// book being read).
  static let seriesLookedUp = 10
  /// The fewest stars of a finished book whose authors' other books are suggested (an unrated one
  /// counts as 3.5).
  static let lovedStars = 3.5
  /// How many authors' books are looked up: those of the highest affinity.
  static let authorsLookedUp = 8
  /// How many books of each author are read from the catalog.
  static let booksPerAuthor = 20

  /// At most `limit` suggestions for a reader whose journal is `journal`, finished books in the
  /// order they were finished.
  public func suggestions(after journal: [Read], limit: Int = 10) async throws -> [Suggestion] {
    var known = Set(journal.map(\.book.id))
    var knownTitles = Set(journal.map(Self.titleKey))
    var suggestions: [Suggestion] = []
    func suggest(_ book: Book, _ reason: Suggestion.Reason) {
      guard suggestions.count < limit, known.insert(book.id).inserted,
        knownTitles.insert(Self.titleKey(book)).inserted
      else { return }
      suggestions.append(Suggestion(book: book, reason: reason))
    }

    // The next volume of each series being read, then of those read lately, the most recent first.
    // A book saved before the catalog knew its series has it from the catalog's record.
    var seriesSeen = Set<String>()
    let lately =
      journal.filter { $0.shelf == .reading }.reversed()
      + journal.reversed().filter { $0.shelf == .read }.prefix(Self.seriesLookedUp)
    var places: [BookID: SeriesVolume] = [:]
    for read in journal where read.shelf == .read || read.shelf == .reading {
      if let place = read.book.seriesVolume { places[read.book.id] = place }
    }
    for read in lately where places[read.book.id] == nil {
      if let place = try await catalog.book(read.book.id)?.seriesVolume { places[read.book.id] = place }
    }
    for read in lately {
      guard let place = places[read.book.id], seriesSeen.insert(place.series).inserted else { continue }
      let inSeries = journal.filter { places[$0.book.id]?.series == place.series }
      let reading = inSeries.contains { $0.shelf == .reading }
      let volumes = try await catalog.series(named: place.series)
      let orders = Dictionary(
        volumes.map { ($0.id, $0.seriesOrder) }, uniquingKeysWith: { first, _ in first })
      let furthest = inSeries.compactMap { orders[$0.book.id] ?? $0.book.seriesOrder }.max()
      if let furthest, let next = volumes.first(where: { $0.seriesOrder > furthest && $0.isVolume }) {
        suggest(
          next, .nextInSeries(series: place.series, volume: next.seriesVolume?.volume ?? "", reading: reading)
        )
      }
    }

    // The other books of the authors finished, by affinity.
    let finished = journal.filter { $0.shelf == .read }
    var affinity: [String: Double] = [:]
    for (position, read) in finished.enumerated()
    where read.rating.map({ $0.stars >= Self.lovedStars }) ?? true {
      let recency = 1 + Double(position + 1) / Double(finished.count)
      let weight = (read.rating?.stars ?? 3.5) * recency
      for author in read.book.authors.prefix(2) { affinity[author, default: 0] += weight }
    }
    var candidates: [(book: Book, author: String, score: Double)] = []
    for (author, weight) in affinity.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(
      Self.authorsLookedUp)
    {
      guard let query = try? SearchQuery(query: author, target: .person, size: Self.booksPerAuthor) else {
        continue
      }
      for (rank, book) in try await catalog.search(query).documents.enumerated()
      where book.authors.contains(author) {
        candidates.append((book, author, weight - Double(rank) / 100))
      }
    }
    for candidate in candidates.sorted(by: { $0.score > $1.score }) {
      suggest(candidate.book, .sameAuthor(candidate.author))
    }
    return suggestions
  }

  /// A book's title without its series note, and first author: other editions share it.
  private static func titleKey(_ book: Book) -> String {
    Analyzer.baseKey(ofTitle: book.title) + "\u{1F}" + (book.authors.first.map(Analyzer.key) ?? "")
  }

  private static func titleKey(_ read: Read) -> String { titleKey(read.book) }
}
