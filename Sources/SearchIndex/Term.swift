/// A token in a field: what the index keeps postings of.
///
/// Stored as the field's code, `:`, and the token (`t:potter`): this type is the one place that
/// writes and reads that form. The stored form is made once, with the term (a batch's terms are
/// made on every core, and written by one thread), and is all a term holds: terms are compared and
/// hashed by it, and a build holds millions of them, so the field and token are read from it when
/// asked for, which is seldom.
public struct Term: Hashable, Sendable {
  /// The stored form.
  let encoded: String

  /// `token` in `field`.
  public init(_ token: some StringProtocol, in field: Field) {
    encoded = field.termPrefix + token
  }

  /// The term of a stored form.
  init(encoded: String) {
    self.encoded = encoded
  }

  /// The field the token is in.
  public var field: Field { Field(String(encoded.utf8.prefix { $0 != UInt8(ascii: ":") })!) }

  /// The token.
  public var token: String {
    let utf8 = encoded.utf8
    return String(utf8[utf8.index(after: utf8.firstIndex(of: UInt8(ascii: ":"))!)...])!
  }

  /// Terms are equal when their stored forms have the same bytes: an analyzer's tokens are NFC,
  /// so this is String's equality without its normalization.
  public static func == (left: Term, right: Term) -> Bool {
    left.encoded.hasSameBytes(as: right.encoded)
  }

  public func hash(into hasher: inout Hasher) {
    var encoded = encoded
    encoded.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// The stored forms of the terms of the field whose tokens begin with this one's token: from
  /// `start` (this term), up to `end` (excluded).
  var prefixRange: (start: String, end: String) { (encoded, encoded + "\u{10FFFF}") }
}
