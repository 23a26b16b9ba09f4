/// A token in a field: what the index keeps postings of.
///
/// Stored as the field's code, `:`, and the token (`t:potter`): this type is the one place that
/// writes and reads that form. The stored form is made once, with the term (a batch's terms are
/// made on every core, and written by one thread), and is what terms are compared and hashed by.
public struct Term: Hashable, Sendable {
  public let field: Field
  public let token: String
  /// The stored form.
  let encoded: String

  /// `token` in `field`.
  public init(_ token: some StringProtocol, in field: Field) {
    self.field = field
    self.token = String(token)
    encoded = field.code + ":" + token
  }

  /// The term of a stored form.
  init(encoded: String) {
    let colon = encoded.firstIndex(of: ":")!
    field = Field(String(encoded[..<colon]))
    token = String(encoded[encoded.index(after: colon)...])
    self.encoded = encoded
  }

  /// Terms are equal when their stored forms have the same bytes: an analyzer's tokens are NFC,
  /// so this is String's equality without its normalization.
  public static func == (left: Term, right: Term) -> Bool {
    left.encoded.utf8.elementsEqual(right.encoded.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    var encoded = encoded
    encoded.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// The stored forms of the terms of the field whose tokens begin with this one's token: from
  /// `start` (this term), up to `end` (excluded).
  var prefixRange: (start: String, end: String) { (encoded, encoded + "\u{10FFFF}") }
}
