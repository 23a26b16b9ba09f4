extension HTTPHeaders {
  /// The items of a list-valued header (`Vary`, `Accept-Encoding`, a `Content-Type`'s parameters)
  /// as they are compared: split at `separator` (nothing between two separators is no item;
  /// blanks are an empty item), spaces and tabs removed, ASCII letters in lowercase. Read byte by
  /// byte, as header values are ASCII.
  public static func items(of value: String, separatedBy separator: UInt8 = UInt8(ascii: ",")) -> [String] {
    var items: [String] = []
    forEachItem(of: value, separatedBy: separator) { item in
      items.append(item)
      return true
    }
    return items
  }

  /// The first of ``items(of:separatedBy:)``, read no further than its end; `nil` when there is
  /// none.
  public static func firstItem(of value: String, separatedBy separator: UInt8 = UInt8(ascii: ",")) -> String?
  {
    var first: String?
    forEachItem(of: value, separatedBy: separator) { item in
      first = item
      return false
    }
    return first
  }

  /// Calls `body` with each item in order until it returns `false`. An item with no blank and no
  /// capital letter is copied as it is.
  private static func forEachItem(
    of value: String, separatedBy separator: UInt8, _ body: (String) -> Bool
  ) {
    let bytes = value.utf8
    var start = bytes.startIndex
    while true {
      let end = bytes[start...].firstIndex(of: separator) ?? bytes.endIndex
      let raw = bytes[start..<end]
      if !raw.isEmpty {
        let isPlain = !raw.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || isCapital($0) }
        let item =
          isPlain
          ? String(Substring(raw))
          : String(
            decoding: raw.compactMap { byte in
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                ? nil : isCapital(byte) ? byte | 0x20 : byte
            }, as: UTF8.self)
        guard body(item) else { return }
      }
      guard end < bytes.endIndex else { return }
      start = bytes.index(after: end)
    }
  }

  private static func isCapital(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }
}
