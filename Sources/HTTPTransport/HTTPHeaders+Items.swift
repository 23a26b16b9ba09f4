extension HTTPHeaders {
  /// The items of a list-valued header (`Vary`, `Accept-Encoding`, a `Content-Type`'s parameters)
  /// as they are compared: split at `separator` (nothing between two separators is no item;
  /// blanks are an empty item), spaces and tabs removed, ASCII letters in lowercase. Read byte by
  /// byte, as header values are ASCII.
  public static func items(of value: String, separatedBy separator: UInt8 = UInt8(ascii: ",")) -> [String] {
    var items: [String] = []
    var item: [UInt8] = []
    var isEmpty = true
    for byte in value.utf8 {
      switch byte {
      case separator:
        if !isEmpty { items.append(String(decoding: item, as: UTF8.self)) }
        item.removeAll(keepingCapacity: true)
        isEmpty = true
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        isEmpty = false
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        item.append(byte | 0x20)
        isEmpty = false
      default:
        item.append(byte)
        isEmpty = false
      }
    }
    if !isEmpty { items.append(String(decoding: item, as: UTF8.self)) }
    return items
  }
}
