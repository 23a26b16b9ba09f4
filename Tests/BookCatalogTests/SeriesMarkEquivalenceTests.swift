import BookModel
import Foundation
import Testing

@testable import BookCatalog
@testable import BookImport

/// `SeriesVolume` reads a title's series mark by hand, for speed; the regular expressions it
/// replaced are the reference here, on every real title the tests have and on each with every
/// kind of mark (and near miss) put at its end.
@Suite("Series marks read by hand as the regular expressions read them")
struct SeriesMarkEquivalenceTests {
  /// The place a title names as the regular expressions read it.
  private static func reference(_ title: String) -> SeriesVolume? {
    if let match = title.wholeMatch(of: /.+\(([^()#]+?),?\s*#(\d+(?:\.\d+)?(?:-\d+)?)[^()]*\)\s*/),
      let place = SeriesVolume(series: String(match.1), volume: String(match.2))
    {
      return place
    }
    guard title.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) else { return nil }
    if let match = title.wholeMatch(of: /(.*\S)\s+(?:제\s*)?(\d{1,3})(?:\s*권)?\s*/) {
      return SeriesVolume(series: String(match.1), volume: String(match.2))
    }
    if let match = title.wholeMatch(of: /(.*\S)\s*[(\[]\s*(상|중|하)\s*(?:권)?\s*[)\]]\s*/)
      ?? title.wholeMatch(of: /(.*\S)\s+(상|중|하)권\s*/)
    {
      return SeriesVolume(series: String(match.1), volume: String(match.2))
    }
    return nil
  }

  /// Open Library's series text as the regular expressions read it.
  private static func reference(openLibrary text: String) -> SeriesVolume? {
    func withoutSeriesWord(_ name: String) -> String { name.replacing(/(?i)\s*\(?\bseries\)?\s*$/, with: "") }
    for separator in [";", "--", "#", ",", "("] {
      guard let range = text.range(of: separator, options: .backwards) else { continue }
      guard let number = text[range.upperBound...].firstMatch(of: /\d+(?:\.\d+)?/) else { continue }
      return SeriesVolume(
        series: withoutSeriesWord(String(text[..<range.lowerBound])), volume: String(number.0))
    }
    return SeriesVolume(series: withoutSeriesWord(text))
  }

  private static let marks = [
    "", " 1", " 12", " 123", " 1234", "1", " 2권", " 2 권", "2권", " 제3권", " 제 3권", " 제 3", "제3권", " 제3",
    " (상)", "(하)", " ( 중 권 ) ", " [상]", " (상", " 상)", " 하권", "하권", " 하 권", " (상) ", " 1 ", " 10권  ",
    " (Series, #2)", " (Series #2.5)", " (Series, #1-3)", " (Series, #)", " (#2)", " (A (B, #1)",
    "(Series, #2)",
    " (Series, #2) (Other)", " (Series, #2a)", " (Series, #2.)", " (Series,, #2)", " ( , #2)",
    " (Series, #1-)",
  ]

  @Test func everyRealTitleWithEveryMarkReadsAsBefore() throws {
    // Every title as it is; those of the sample and the starter catalog with every mark (the
    // reference parses its expressions anew on each call: all 10,000 with every mark take minutes).
    let all = try ReadRows([UInt8](Goodbooks.data()), as: .goodbooks).books.map(\.title)
    let sample = try ReadRows([UInt8](try Data(contentsOf: Goodbooks.sampleFile)), as: .goodbooks).books.map(
      \.title)
    let marked = Set(
      sample + (try Catalog.starterBooks().map(\.title)) + ["", "토지", "삼국지 ", "Harry", "( )", "#"])
    var checked = 0
    for (titles, marks) in [(Set(all), [""]), (marked, Self.marks)] {
      for title in titles {
        for mark in marks {
          let text = title + mark
          #expect(SeriesVolume(title: text) == Self.reference(text), "\(text)")
          checked += 1
        }
      }
    }
    #expect(checked > 10_000)
  }

  @Test func openLibrarySeriesTextsReadAsBefore() {
    for name in ["Harry Potter", "Discworld", "해리 포터", "Penguin classics", "", " "] {
      for tail in [
        "", " ; 1", " -- 3", " series, bk. 2", " Series", " (Series)", " (series) ", " Miniseries",
        " series 2", " #4.5", ", v. 12", " (2)", " ; ", " series)", " series )", "_series", " SERIES ; 3",
      ] {
        let text = name + tail
        #expect(SeriesVolume(openLibrary: text) == Self.reference(openLibrary: text), "\(text)")
      }
    }
  }
}
