import Foundation

/// 최근 검색어 as a list shows it: the recent searches, newest first, and whether searches are
/// being recorded. As JSON: `{"searches":[{"id","query","searched_at"}],"recording":true}`.
public struct SearchHistory: Sendable, Equatable, Encodable {
  /// The recent searches, newest first, at most `RecentSearches.limit`.
  public let searches: [RecentSearch]
  /// `false` once the reader turned recording off: searches are then not kept.
  public let recording: Bool

  /// A value of the fields given.
  package init(searches: [RecentSearch], recording: Bool) {
    self.searches = searches
    self.recording = recording
  }
}

/// One recent search: `{"id","query","searched_at"}`.
public struct RecentSearch: Sendable, Equatable, Encodable {
  /// Its id, which stays the same when the query is searched again.
  public let id: Int
  /// The query as it was last searched (trimmed, spaces collapsed, NFC).
  public let query: String
  /// When it was last searched.
  public let searchedAt: Date

  /// A value of the fields given.
  package init(id: Int, query: String, searchedAt: Date) {
    self.id = id
    self.query = query
    self.searchedAt = searchedAt
  }

  /// The longest query kept, in characters (as long as a search's).
  public static let maximumLength = 256

  /// `query` as it is kept: trimmed, each run of white space one space, in NFC.
  /// - Throws: ``LibraryError/invalid(_:)`` when nothing is left or it is longer than ``maximumLength``.
  public static func clean(_ query: String) throws(LibraryError) -> String {
    let text = query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      .precomposedStringWithCanonicalMapping
    guard !text.isEmpty else { throw .invalid("a search needs a query") }
    guard text.count <= maximumLength else {
      throw .invalid("a search has at most \(maximumLength) characters")
    }
    return text
  }

  /// What makes two cleaned queries the same search: case is ignored (`Harry` is `harry`).
  package static func key(_ cleaned: String) -> String { cleaned.lowercased() }

  private enum CodingKeys: String, CodingKey {
    case id, query
    case searchedAt = "searched_at"
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(query, forKey: .query)
    try container.encode(KakaoDate.format(searchedAt), forKey: .searchedAt)
  }
}
