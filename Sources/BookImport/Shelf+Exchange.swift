import BookModel

extension Shelf {
  /// The shelf's name in Goodreads and StoryGraph files: `to-read`, `currently-reading`, `read`,
  /// `did-not-finish`.
  var exchangeName: String {
    switch self {
    case .want: "to-read"
    case .reading: "currently-reading"
    case .read: "read"
    case .dnf: "did-not-finish"
    }
  }

  /// The shelf whose ``exchangeName`` is `name`, in any case; `nil` for any other name.
  init?(exchangeName name: String) {
    guard let shelf = Shelf.allCases.first(where: { $0.exchangeName == name.lowercased() }) else {
      return nil
    }
    self = shelf
  }
}
