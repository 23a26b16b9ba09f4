import Foundation

/// The identity of a work: what the editions of one book (its ISBNs, translations, formats) have
/// in common, so that a reader finds, saves and keeps a journal of the book once.
///
/// `w-` and 16 hex digits, a stable hash of what names the work: the work a source states (Open
/// Library's `/works/OL45804W`, see ``Book/work``), else the book's folded title and first author
/// as the catalog folds them (`BookCatalog` makes it from a book), else the book's own identity.
/// Identities are safe in URL paths and command lines.
public struct WorkID: Hashable, Sendable, CustomStringConvertible {
  /// The identity as text.
  public let rawValue: String

  /// The identity of the work `name` names; the same name is the same work in every process.
  public init(naming name: String) {
    let hex = String(FNV1a.hash(name.utf8), radix: 16)
    rawValue = "w-" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Parses an identity as ``rawValue`` writes it.
  public init?(parsing text: String) {
    guard text.utf8.count == 18, text.hasPrefix("w-"),
      text.utf8.dropFirst(2).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return nil }
    rawValue = text
  }

  public var description: String { rawValue }
}

/// A reader's decision that two works are one (a translation under another title, a reissue the
/// catalog's rules did not group): every edition of `source` is an edition of `target` for them,
/// until they split it again.
public struct WorkMerge: Sendable, Equatable {
  /// The merge's identity, which splits it.
  public let id: Int
  /// The work merged.
  public let source: WorkID
  /// The work it was merged into.
  public let target: WorkID
  /// A book of the work merged, the one the reader merged: what finds its editions.
  public let sourceBook: Book
  /// A book of the work it was merged into.
  public let targetBook: Book
  /// When it was merged.
  public let mergedAt: Date

  /// A merge of the values given.
  public init(id: Int, source: WorkID, target: WorkID, sourceBook: Book, targetBook: Book, mergedAt: Date) {
    self.id = id
    self.source = source
    self.target = target
    self.sourceBook = sourceBook
    self.targetBook = targetBook
    self.mergedAt = mergedAt
  }
}
