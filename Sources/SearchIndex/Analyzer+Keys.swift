import Foundation
import KoreanText

/// Keys: a text folded to lowercase letters and digits without accents, spaces or punctuation
/// (`The Hunger Games!` → `thehungergames`, `해리 포터와` → `해리포터와`), to compare texts whatever
/// their spacing, and to look for phrases in.
extension Analyzer {
  /// The folded key of a text; equal keys mean "the same words", whatever the spacing or accents.
  public static func key(_ text: String) -> String {
    if text.isASCIIOrHangul {
      // Every byte above ASCII is part of a syllable: kept, as letters and digits are.
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.utf8.count) { key in
        var count = 0
        for byte in text.utf8 {
          switch byte {
          case 0x41...0x5A: key[count] = byte | 0x20
          case 0x30...0x39, 0x61...0x7A, 0x80...: key[count] = byte
          default: continue
          }
          count += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: key[..<count]), as: UTF8.self)
      }
    }
    var key = ""
    for scalar in text.nfc.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      if (0x1100...0x11FF).contains(scalar.value) {
        key.unicodeScalars.append(scalar)  // conjoining jamo of a decomposed syllable: recomposed below
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        if scalar.properties.generalCategory != .nonspacingMark { key.unicodeScalars.append(scalar) }
      }
    }
    return key.precomposedStringWithCanonicalMapping
  }

  /// The key of a title without a trailing series note: `The Hunger Games (The Hunger Games, #1)`
  /// → the key of `The Hunger Games`.
  public static func baseKey(ofTitle title: String) -> String {
    key(withoutNote(title))
  }

  /// A title without a trailing note in parentheses (Goodreads' series note).
  public static func withoutNote(_ title: String) -> String {
    guard title.hasSuffix(")"), let open = title.lastIndex(of: "("), open > title.startIndex else {
      return title
    }
    return String(title[..<open])
  }
}
