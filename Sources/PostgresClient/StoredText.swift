/// How text PostgreSQL cannot hold is written (see ``PostgresSession``).
enum StoredText {
  /// U+FDD0, which Swift's literals refuse (it is a noncharacter).
  static let marker = Unicode.Scalar(0xFDD0)!
  static let nul = Unicode.Scalar(0)!

  /// `text` with U+0000 and U+FDD0 written so that PostgreSQL keeps them.
  static func encoded(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == nul || $0 == marker }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case nul: result.append(contentsOf: [marker, "0"])
      case marker: result.append(contentsOf: [marker, "1"])
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Text as ``encoded(_:)`` wrote it, as it was before.
  static func decoded(_ text: String) -> String {
    guard text.unicodeScalars.contains(marker) else { return text }
    var result = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        result.append(scalar == "0" ? nul : scalar == "1" ? marker : scalar)
        escaped = false
      } else if scalar == marker {
        escaped = true
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }
}
