import Foundation

/// A change to a saved book's journal fields, applied in one transaction by
/// `Library.updateEntry(_:_:today:expecting:saving:)`: each field that is set is changed, the
/// others stay as they are.
///
/// Made only by its throwing initializer, which cleans and checks every field (review trimmed and
/// at most `JournalText.maximumNoteLength` characters, tags trimmed with empty and repeated ones
/// dropped, pages in ``BookModel/BookLength/pages``), so a change that exists can be applied.
public struct EntryChange: Sendable, Equatable {
  /// The new shelf, or `nil` to keep it.
  public let shelf: Shelf?
  /// The new rating (`.some(nil)` clears it), or `nil` to keep it.
  public let rating: StarRating??
  /// The new review (empty: no review), or `nil` to keep it.
  public let review: String?
  /// The new tags, or `nil` to keep them.
  public let tags: [String]?
  /// The new number of pages (`.some(nil)`: unknown), or `nil` to keep it.
  public let pages: Int??

  /// A change of the fields given.
  /// - Throws: ``LibraryError/invalid(_:)`` for a tag over 100 characters, pages outside
  ///   ``BookModel/BookLength/pages`` or a review over `JournalText.maximumNoteLength` characters.
  public init(
    shelf: Shelf? = nil, rating: StarRating?? = nil, review: String? = nil, tags: [String]? = nil,
    pages: Int?? = nil
  ) throws {
    if case .some(.some(let pages)) = pages, !BookLength.pages.contains(pages) {
      throw LibraryError.invalid("a book has 1 to \(BookLength.maximumPages) pages")
    }
    self.shelf = shelf
    self.rating = rating
    self.review = try review.map(JournalText.reviewText)
    self.tags = try tags.map(JournalText.cleanTags)
    self.pages = pages
  }

  /// `true` when the change sets no field.
  public var isEmpty: Bool {
    shelf == nil && rating == nil && review == nil && tags == nil && pages == nil
  }
}
