/// A file that cannot be imported at all: empty, not in the format it is read as, or without one
/// book that could be read.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  public let message: String
  public var description: String { message }

  /// The file holds nothing but white space.
  static let emptyFile = ImportError(message: "the file is empty")

  /// No row of the file could be read as a book of `format` (a file with only its header, or whose
  /// every row was skipped for the reasons `skipped` tallies).
  static func nothingRead(as format: ImportFormat, skipped: [ImportProblem.Tally]) -> ImportError {
    let reasons = skipped.isEmpty ? "" : " (\(skipped.map(\.description).joined(separator: ", ")))"
    return ImportError(message: "no book could be read as \(format.displayName)\(reasons)")
  }
}
