import Foundation

extension String {
  /// `true` when `phrase` occurs in this text byte for byte: the texts phrases are checked in are
  /// keys, in one normal form (``Analyzer/key(_:)``), so bytes decide, many times sooner than
  /// `contains`, which compares characters.
  func includes(_ phrase: String) -> Bool {
    var (text, phrase) = (self, phrase)
    return text.withUTF8 { bytes in
      phrase.withUTF8 { wanted in
        guard let first = wanted.first else { return true }
        guard wanted.count <= bytes.count else { return false }
        for start in 0...(bytes.count - wanted.count)
        where bytes[start] == first
          && memcmp(bytes.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0
        {
          return true
        }
        return false
      }
    }
  }
}
