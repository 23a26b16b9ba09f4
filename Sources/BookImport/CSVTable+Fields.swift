import BookModel

/// A row's fields read as ``ImportField`` reads them, with warnings that name the column and the
/// row's line.
extension CSVTable.Row {
  /// The whole number in `column`, within `range` (see
  /// ``ImportField/number(_:column:in:line:warnings:)``).
  func number(
    _ column: String, in range: ClosedRange<Int> = .min ... .max, warnings: inout [ImportProblem]
  ) -> Int? {
    ImportField.number(self[column], column: column, in: range, line: line, warnings: &warnings)
  }

  /// The day in `column` (see ``ImportField/day(_:column:line:warnings:)``).
  func day(_ column: String, warnings: inout [ImportProblem]) -> CalendarDay? {
    ImportField.day(self[column], column: column, line: line, warnings: &warnings)
  }

  /// The rating in `column` (see ``ImportField/rating(_:column:line:warnings:)``).
  func rating(_ column: String, warnings: inout [ImportProblem]) -> StarRating? {
    ImportField.rating(self[column], column: column, line: line, warnings: &warnings)
  }
}
