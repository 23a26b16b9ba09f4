import Foundation

/// What the journal keeps of what a reader writes: reviews, notes and quotes as written (every
/// character of them) within a length, and tags as names on one line. One set of rules for every
/// way in (the app, the command line, an import, a backup restored).
public enum JournalText {
  /// The longest note or quote kept, in characters.
  public static let maximumNoteLength = 10_000

  /// The most tags one book has.
  public static let maximumTags = 100
  /// The longest tag, in characters.
  public static let maximumTagLength = 100

  /// Tags trimmed and in NFC (Korean typed as jamo and as syllables is one tag), empty and repeated
  /// ones dropped.
  public static func normalizedTags(_ tags: [String]) -> [String] {
    var seen = Set<String>()
    return tags.map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }.filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  /// ``normalizedTags(_:)``, refused when the journal cannot keep them.
  /// - Throws: ``LibraryError/invalid(_:)`` for a tag the journal cannot keep (``TagFault``), or
  ///   over ``maximumTags``.
  public static func cleanTags(_ tags: [String]) throws -> [String] {
    let cleaned = normalizedTags(tags)
    if let tag = cleaned.first(where: { TagFault(of: $0) != nil }), let fault = TagFault(of: tag) {
      throw LibraryError.invalid("\(fault.refusal): \(tag.prefix(20))…")
    }
    guard cleaned.count <= maximumTags else {
      throw LibraryError.invalid("a book has at most \(maximumTags) tags")
    }
    return cleaned
  }

  /// Why the journal cannot keep a tag: a tag is a name, shown and linked on one line.
  public enum TagFault {
    /// Over ``maximumTagLength`` characters.
    case tooLong
    /// With a control character (a NUL, a line break).
    case control

    /// The fault of `tag`; `nil` when the journal can keep it.
    public init?(of tag: String) {
      if tag.count > maximumTagLength {
        self = .tooLong
      } else if tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        self = .control
      } else {
        return nil
      }
    }

    /// Why a change with the tag is refused (`a tag is at most 100 characters`).
    public var refusal: String {
      switch self {
      case .tooLong: "a tag is at most \(maximumTagLength) characters"
      case .control: "a tag cannot hold a control character"
      }
    }

    /// The fault, in the same words for every tag (`tag over 100 characters`).
    public var reason: String {
      switch self {
      case .tooLong: "tag over \(maximumTagLength) characters"
      case .control: "tag with a control character"
      }
    }
  }

  /// A review as kept: as written, every character of it, at most ``maximumNoteLength``
  /// characters; one of white space only is no review (empty).
  public static func reviewText(_ text: String) throws -> String {
    guard !isBlank(text) else { return "" }
    guard text.count <= maximumNoteLength else {
      throw LibraryError.invalid("a review is at most \(maximumNoteLength) characters")
    }
    return text
  }

  /// A note's or quote's text as kept: as written, every character of it.
  /// - Throws: ``LibraryError/invalid(_:)`` for white space only, a text over ``maximumNoteLength``
  ///   characters or a page outside ``BookModel/BookLength/pages``.
  public static func noteText(_ text: String, page: Int?) throws -> String {
    guard !isBlank(text) else { throw LibraryError.invalid("a note or quote needs some text") }
    guard text.count <= maximumNoteLength else {
      throw LibraryError.invalid("a note or quote is at most \(maximumNoteLength) characters")
    }
    if let page, !BookLength.pages.contains(page) {
      throw LibraryError.invalid("a page number is 1 to \(BookLength.maximumPages)")
    }
    return text
  }

  /// `true` when `text` is empty or white space only.
  public static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }
}
