/// A page of a search's results.
public struct TopDocs: Equatable, Sendable {
  /// How many documents matched.
  public let total: Int
  /// The ids of the page, in order.
  public let ids: [Int]
}
