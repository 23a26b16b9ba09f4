import Foundation

extension String {
  /// The string in Unicode Normalization Form C (composed), as every stored and compared text is.
  public var nfc: String { isASCIIOrHangul ? self : precomposedStringWithCanonicalMapping }

  /// `true` when every character is ASCII or a precomposed Hangul syllable: text that is in NFC
  /// already and has nothing to fold but case, for which text analysis can skip Foundation's
  /// normalization (most of the time it spends on a Korean or English title).
  public var isASCIIOrHangul: Bool {
    utf8.withContiguousStorageIfAvailable(Self.isASCIIOrHangul)
      ?? unicodeScalars.allSatisfy { $0.isASCII || Hangul.isSyllable($0) }
  }

  /// ``isASCIIOrHangul`` of valid UTF-8, read a byte at a time: a syllable (U+AC00 to U+D7A3) is
  /// three bytes whose first is `EA` to `ED`.
  private static func isASCIIOrHangul(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < utf8.count {
      let lead = utf8[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      guard (0xEA...0xED).contains(lead) else { return false }
      let scalar =
        UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
      guard Hangul.syllables.contains(scalar) else { return false }
      index += 3
    }
    return true
  }
}
