import Foundation
import KoreanText

/// A book search, with the semantics of Kakao's book-search API.
///
/// `query` is required, trimmed and NFC-normalised, and at most ``maximumQueryLength`` characters;
/// `page` and `size` must lie in 1...50 (out-of-range values are errors, never clamped). Every
/// provider honours the same semantics.
public struct SearchQuery: Hashable, Sendable {
  /// Which field the query searches; `nil` searches all of them.
  public enum Target: String, CaseIterable, Sendable {
    /// The title.
    case title
    /// Authors and translators.
    case person
    /// The publisher.
    case publisher
    /// The ISBN.
    case isbn
  }

  /// Result order.
  public enum Sort: String, CaseIterable, Sendable {
    /// Most relevant first.
    case accuracy
    /// Newest first.
    case latest
  }

  /// The largest page number and page size Kakao accepts.
  public static let maximumPage = 50
  /// The largest page size Kakao accepts.
  public static let maximumSize = 50
  /// The page size when none is given.
  public static let defaultSize = 10
  /// The longest query, in characters: longer than any title people type, short enough that no
  /// query can cost much (a 20,000-character one once took a minute and 1.6 GB).
  public static let maximumQueryLength = 256

  /// The query text: trimmed, NFC, never empty.
  public let query: String
  /// The field searched, or `nil` for all.
  public let target: Target?
  /// The order.
  public let sort: Sort
  /// The page number, 1-based.
  public let page: Int
  /// The page size.
  public let size: Int

  /// Validates and normalises a search.
  public init(
    query: String, target: Target? = nil, sort: Sort = .accuracy, page: Int = 1,
    size: Int = SearchQuery.defaultSize
  ) throws(SearchQueryError) {
    let text = query.trimmingCharacters(in: .whitespacesAndNewlines).nfc
    guard !text.isEmpty else { throw .missing("query") }
    // Counted in Unicode scalars, not grapheme clusters: thousands of combining jamo are one
    // Character but as costly as thousands of letters.
    guard text.unicodeScalars.count <= SearchQuery.maximumQueryLength else {
      throw .tooLong("query", limit: SearchQuery.maximumQueryLength)
    }
    guard page >= 1 else { throw .tooSmall("page") }
    guard page <= SearchQuery.maximumPage else { throw .tooLarge("page") }
    guard size >= 1 else { throw .tooSmall("size") }
    guard size <= SearchQuery.maximumSize else { throw .tooLarge("size") }
    self.query = text
    self.target = target
    self.sort = sort
    self.page = page
    self.size = size
  }

  /// Parses Kakao's request parameters (`query`, `sort`, `page`, `size`, `target`).
  /// Empty values count as absent, as Kakao treats them, and so does a `target` Kakao does not
  /// document: Kakao answered `target=author` with results from every field, and clients rely on it.
  public init(parameters: [String: String]) throws(SearchQueryError) {
    func value(_ name: String) -> String? {
      guard let raw = parameters[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
        return nil
      }
      return raw
    }
    func number(_ name: String, default fallback: Int) throws(SearchQueryError) -> Int {
      guard let raw = value(name) else { return fallback }
      guard let number = Int(raw) else { throw .notANumber(name) }
      return number
    }
    guard let query = value("query") else { throw .missing("query") }
    let target = value("target").flatMap(Target.init(rawValue:))
    var sort = Sort.accuracy
    if let raw = value("sort") {
      guard let parsed = Sort(rawValue: raw) else { throw .invalid("sort", raw) }
      sort = parsed
    }
    try self.init(
      query: query, target: target, sort: sort, page: try number("page", default: 1),
      size: try number("size", default: SearchQuery.defaultSize))
  }

  /// Kakao's request parameters for this search.
  public var parameters: [String: String] {
    var result = ["query": query, "sort": sort.rawValue, "page": String(page), "size": String(size)]
    if let target { result["target"] = target.rawValue }
    return result
  }

  /// The same search at another page (validated).
  public func page(_ number: Int) throws(SearchQueryError) -> SearchQuery {
    try SearchQuery(query: query, target: target, sort: sort, page: number, size: size)
  }

  /// Offset of the first document of this page.
  public var offset: Int { (page - 1) * size }
}

/// Why a search request is invalid; `errorType` and `message` are Kakao's.
public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A required parameter is absent or blank.
  case missing(String)
  /// A parameter has a value outside its set.
  case invalid(String, String)
  /// A number parameter is not a number.
  case notANumber(String)
  /// A number is below its minimum.
  case tooSmall(String)
  /// A number is above its maximum.
  case tooLarge(String)
  /// A text is longer than its limit, in characters.
  case tooLong(String, limit: Int)

  /// Kakao's `errorType`.
  public var errorType: String {
    if case .missing = self { return "MissingParameter" }
    return "InvalidArgument"
  }

  /// Kakao's `message`.
  public var message: String {
    switch self {
    case .missing(let name): "\(name) parameter required"
    case .invalid("sort", let value): "sort must be accuracy or latest (got '\(value)')"
    case .invalid(let name, let value): "\(name) has an invalid value '\(value)'"
    case .notANumber(let name): "\(name) must be a number"
    case .tooSmall(let name): "\(name) is less than min"
    case .tooLarge(let name): "\(name) is more than max"
    case .tooLong(let name, let limit): "\(name) is longer than \(limit) characters"
    }
  }

  public var description: String { message }
}
