/// One page of search results, in Kakao's response shape:
/// `{"documents":[...],"meta":{"total_count":N,"pageable_count":N,"is_end":B}}`.
public struct SearchPage: Codable, Hashable, Sendable {
  /// Counts and paging state.
  public struct Meta: Codable, Hashable, Sendable {
    /// Documents matching the query.
    public var totalCount: Int
    /// Documents that can be paged to (at most 50 pages of the requested size).
    public var pageableCount: Int
    /// `true` when this is the last page that can be requested.
    public var isEnd: Bool

    /// Creates paging metadata.
    public init(totalCount: Int, pageableCount: Int, isEnd: Bool) {
      self.totalCount = totalCount
      self.pageableCount = pageableCount
      self.isEnd = isEnd
    }

    private enum CodingKeys: String, CodingKey {
      case totalCount = "total_count"
      case pageableCount = "pageable_count"
      case isEnd = "is_end"
    }
  }

  /// The books of this page.
  public var documents: [Book]
  /// Counts and paging state.
  public var meta: Meta

  /// Creates a page from documents and metadata.
  public init(documents: [Book], meta: Meta) {
    self.documents = documents
    self.meta = meta
  }

  /// A page for `query` out of `totalCount` matches, with Kakao's paging rules: at most
  /// ``SearchQuery/maximumPage`` pages can be requested, and `is_end` marks the last one.
  public init(documents: [Book], totalCount: Int, query: SearchQuery) {
    let pageable = min(totalCount, SearchQuery.maximumPage * query.size)
    self.init(
      documents: documents,
      meta: Meta(
        totalCount: totalCount, pageableCount: pageable,
        isEnd: query.offset + query.size >= pageable))
  }
}
