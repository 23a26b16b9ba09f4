import Foundation

extension String {
  /// The string in Unicode Normalization Form C (composed), as every stored and compared text is.
  public var nfc: String { isASCIIOrHangul ? self : precomposedStringWithCanonicalMapping }

  /// `true` when every character is ASCII or a precomposed Hangul syllable: text that is in NFC
  /// already and has nothing to fold but case, for which text analysis can skip Foundation's
  /// normalization (most of the time it spends on a Korean or English title).
  public var isASCIIOrHangul: Bool {
    unicodeScalars.allSatisfy { $0.isASCII || Hangul.isSyllable($0) }
  }
}
