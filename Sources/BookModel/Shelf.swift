/// Where a book stands in the reader's reading: exactly one shelf per book in the library.
public enum Shelf: String, CaseIterable, Codable, Sendable {
  /// 읽고 싶은 책: where a saved book starts.
  case want
  /// 읽는 중.
  case reading
  /// 읽은 책.
  case read
  /// 중단한 책 (did not finish).
  case dnf

  /// The shelf's Korean name: `읽고 싶은 책`, `읽는 중`, `읽은 책`, `중단한 책`.
  public var name: String {
    switch self {
    case .want: "읽고 싶은 책"
    case .reading: "읽는 중"
    case .read: "읽은 책"
    case .dnf: "중단한 책"
    }
  }
}
