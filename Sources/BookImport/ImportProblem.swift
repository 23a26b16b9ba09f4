/// A row of an import file that was skipped, or a field of an imported row that was left out, and why.
public struct ImportProblem: Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line the row starts on (for a JSON array, the element's number).
  public let line: Int
  /// Why, in the same words for every row with the same fault (`no title`, `invalid ISBN`), so that
  /// problems can be counted by reason.
  public let reason: String
  /// The row's own particulars: the value that was wrong, the number of fields; or empty.
  public let detail: String

  /// A problem on `line`: `reason` in the same words for every row with it, `detail` the row's own.
  public init(line: Int, reason: String, detail: String = "") {
    self.line = line
    self.reason = reason
    self.detail = detail
  }

  /// A line longer than ``LineReader/maximumLength``, passed over unread.
  static func lineTooLong(_ line: Int) -> ImportProblem {
    ImportProblem(line: line, reason: "line longer than \(LineReader.maximumLength >> 20) MB")
  }

  /// `line 12: invalid ISBN (12345)`.
  public var description: String { "line \(line): \(reason)" + (detail.isEmpty ? "" : " (\(detail))") }

  /// How many problems share a reason.
  public struct Tally: Equatable, Sendable, CustomStringConvertible {
    /// The reason (`no title`).
    public let reason: String
    /// How many rows or fields it concerns.
    public let count: Int

    /// `10 × no title`.
    public var description: String { "\(count) × \(reason)" }
  }
}
