import Foundation

/// One of Open Library's search results (`/search.json`'s `docs`), from its API or from a file of
/// them. Every field is optional and read leniently: a field of an unexpected type is treated as
/// absent rather than failing the whole page.
public struct OpenLibraryDocument: Decodable, Sendable {
  /// `https://openlibrary.org`, which a result's `key` is a path of.
  public static let publicURL = URL(string: "https://openlibrary.org")!

  /// The fields ``book(baseURL:)`` maps, to request of the API.
  public static let fields = [
    "key", "title", "author_name", "publisher", "isbn", "first_publish_year", "cover_i", "first_sentence",
  ]

  let key: String?
  let title: String?
  let authorNames: [String]?
  let publishers: [String]?
  let isbns: [String]?
  let firstPublishYear: Int?
  let coverID: Int?
  let firstSentence: String?

  private enum CodingKeys: String, CodingKey {
    case key, title
    case authorNames = "author_name"
    case publishers = "publisher"
    case isbns = "isbn"
    case firstPublishYear = "first_publish_year"
    case coverID = "cover_i"
    case firstSentence = "first_sentence"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    key = try? container.decodeIfPresent(String.self, forKey: .key)
    title = try? container.decodeIfPresent(String.self, forKey: .title)
    authorNames = try? container.decodeIfPresent([String].self, forKey: .authorNames)
    publishers = try? container.decodeIfPresent([String].self, forKey: .publishers)
    isbns = try? container.decodeIfPresent([String].self, forKey: .isbns)
    firstPublishYear = try? container.decodeIfPresent(Int.self, forKey: .firstPublishYear)
    coverID = try? container.decodeIfPresent(Int.self, forKey: .coverID)
    // A list of sentences in search results; a single string in some older records.
    firstSentence =
      (try? container.decodeIfPresent([String].self, forKey: .firstSentence))?.first
      ?? (try? container.decodeIfPresent(String.self, forKey: .firstSentence))
  }

  /// The result as a book in Kakao's shape, or `nil` when it has no title. Its ISBN is the first
  /// valid one of the result's editions; ``otherISBNs`` are the rest. Its page is `key` resolved
  /// against `baseURL`; it is an edition of ``work``.
  public func book(baseURL: URL = publicURL) -> Book? {
    guard let title, !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
    let isbn = isbns?.lazy.compactMap { ISBN($0) }.first
    return Book(
      title: title,
      contents: firstSentence ?? "",
      url: key.map { baseURL.appending(path: $0).absoluteString } ?? "",
      isbn: isbn?.kakaoNotation ?? "",
      datetime: firstPublishYear.flatMap(KakaoDate.firstOfJanuary),
      authors: authorNames ?? [],
      publisher: publishers?.first ?? "",
      thumbnail: Self.coverURL(coverID),
      work: work
    )
  }

  /// The valid ISBNs of the result's editions besides the book's own (see ``book(baseURL:)``).
  public var otherISBNs: [ISBN] {
    let isbns = isbns ?? []
    return ISBN.others(isbns, besides: isbns.lazy.compactMap { ISBN($0) }.first)
  }

  /// The work the result is (`/works/OL45804W`), when its key names one.
  public var work: String? {
    key.flatMap { $0.hasPrefix("/works/") ? $0 : nil }
  }

  /// The medium-size cover image for an Open Library cover id, or empty when there is none.
  public static func coverURL(_ coverID: Int?) -> String {
    guard let coverID, coverID > 0 else { return "" }
    return "https://covers.openlibrary.org/b/id/\(coverID)-M.jpg"
  }
}
