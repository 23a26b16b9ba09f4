import HTTPTransport
import TestSupport
import Testing

@Suite("Header items")
struct HeaderItemsTests {
  /// The items as the rule says: split at the separator, nothing between two separators is no
  /// item, spaces and tabs removed (blanks alone are an empty item), ASCII capitals lowered.
  static func expected(_ value: String, _ separator: UInt8) -> [String] {
    value.utf8.split(separator: separator, omittingEmptySubsequences: true).map { raw in
      String(
        decoding: raw.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
          .map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
  }

  @Test func itemsAreSplitBlanksRemovedAndCapitalsLowered() {
    var random = SeededGenerator(seed: 5)
    let pieces = [
      "gzip", "GZip", " ", "\t", ",", ";", "q=0.5", "x-gzip", "*", "é", "한", "Accept-Encoding", "",
    ]
    for _ in 0..<2_000 {
      let value = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)!
      }
      .joined()
      for separator in [UInt8(ascii: ","), UInt8(ascii: ";")] {
        #expect(
          HTTPHeaders.items(of: value, separatedBy: separator) == Self.expected(value, separator), "\(value)")
        #expect(
          HTTPHeaders.firstItem(of: value, separatedBy: separator) == Self.expected(value, separator).first,
          "\(value)")
      }
    }
    #expect(HTTPHeaders.items(of: " , ,Gzip ;q=1,\t") == ["", "", "gzip;q=1", ""])
  }
}
