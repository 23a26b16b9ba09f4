/// Why an import of a file that can be read did not run, or did not run to its end (what is wrong
/// with a file itself is an ``ImportError``).
public enum ImportFailure: Error, CustomStringConvertible {
  /// The sink is taking another import (see ``ImportSink/beginImport()``): this one did not start,
  /// and nothing was changed.
  case anotherImportRunning
  /// The import stopped partway, on `cause` (a database or file error, or the task's cancellation),
  /// after storing `storedBooks` books, which stay stored: importing the file again finishes it.
  case interrupted(storedBooks: Int, cause: any Error)

  /// What became of the import, for people, without the cause of an interruption:
  /// `another import is running: …`, `the import stopped after storing 5000 books, …`.
  public var summary: String {
    switch self {
    case .anotherImportRunning:
      return "another import is running: nothing was changed; try again when it has finished"
    case .interrupted(let storedBooks, _):
      let stored =
        storedBooks == 0
        ? "before its first batch of books was stored"
        : "after storing \(storedBooks) book\(storedBooks == 1 ? "" : "s"), which are kept"
      return "the import stopped \(stored) (the catalog may hold books of the batch it stopped in); "
        + "import the file again to finish it"
    }
  }

  /// ``summary``, and the cause of an interruption.
  public var description: String {
    switch self {
    case .anotherImportRunning: summary
    case .interrupted(_, let cause): "\(summary): \(cause)"
    }
  }
}
