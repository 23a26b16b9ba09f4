/// What `Library.mergeImported(_:today:)` did with one book's record.
public struct MergedRecord: Sendable, Equatable {
  /// A part of the record the journal cannot keep, left out.
  public struct LeftOut: Sendable, Equatable {
    /// Why, in the same words for every book (`tag over 100 characters`).
    public let reason: String
    /// The book's own particulars: the start of the tag, the length of the text.
    public let detail: String

    /// A value of the fields given.
    package init(reason: String, detail: String) {
      self.reason = reason
      self.detail = detail
    }
  }

  /// What became of the book's journal.
  public let journal: JournalMerge
  /// What the journal left out of the record.
  public let leftOut: [LeftOut]
  /// Whether a value of the record was not taken because the reader changed it in Chaek since the
  /// last import of the book.
  public let keptReaderChanges: Bool

  /// A value of the fields given.
  package init(journal: JournalMerge, leftOut: [LeftOut], keptReaderChanges: Bool) {
    self.journal = journal
    self.leftOut = leftOut
    self.keptReaderChanges = keptReaderChanges
  }
}

/// What `Library.mergeImported(_:today:)` did to one book's journal.
public enum JournalMerge: Sendable, Equatable {
  /// The book was saved with the record.
  case added
  /// The saved book's journal took something from the record.
  case updated
  /// The saved book's journal already held all of the record.
  case unchanged
}
