/// A file that cannot be imported at all: empty, or not in the format it is read as.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with the file.
  public let message: String
  public var description: String { message }

  /// The file holds nothing but white space.
  static let emptyFile = ImportError(message: "the file is empty")
}
