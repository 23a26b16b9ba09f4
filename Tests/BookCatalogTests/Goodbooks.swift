import Foundation
import Testing

/// goodbooks-10k for the tests: all 10,000 rows in the shared data beside the project (never
/// committed), or the sample of them committed in `Tests/Fixtures/goodbooks-10k-sample`.
///
/// Tests that need all the rows are enabled by ``needsAllRows``: skipped, saying why, on a clone
/// without the shared data; required, and failing without it, where `CHAEK_REQUIRE_SHARED_DATA=1`
/// (`.ci/run` sets it).
enum Goodbooks {
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The full `books.csv` in `../shared/data`.
  static let fullFile = packageRoot.appendingPathComponent("../shared/data/goodbooks-10k/books.csv")
    .standardized

  /// The committed sample (CC BY-SA 4.0; see its README).
  static let sampleFile = packageRoot.appendingPathComponent("Tests/Fixtures/goodbooks-10k-sample/books.csv")

  /// `true` when the full file must be there (CI).
  static let isRequired = ProcessInfo.processInfo.environment["CHAEK_REQUIRE_SHARED_DATA"] == "1"

  /// `true` when the full file is there.
  static let hasFullFile = FileManager.default.fileExists(atPath: fullFile.path)

  /// The condition of a test that needs all 10,000 rows.
  static let needsAllRows = ConditionTrait.enabled(
    if: hasFullFile || isRequired,
    Comment(
      rawValue: "needs all 10,000 rows of goodbooks-10k at ../shared/data/goodbooks-10k/books.csv, which "
        + "this clone does not have (CHAEK_REQUIRE_SHARED_DATA=1 makes its absence a failure)"))

  /// The full file's content; fails when it is missing.
  static func fullData() throws -> Data {
    try #require(
      FileManager.default.contents(atPath: fullFile.path),
      "goodbooks-10k is expected at \(fullFile.path) (see ../shared/data/README.md)")
  }

  /// The full file's content when it is there, else the sample's: for tests that need real rows
  /// but not all of them.
  static func data() throws -> Data {
    try #require(FileManager.default.contents(atPath: (hasFullFile ? fullFile : sampleFile).path))
  }
}
