extension ISBN {
  /// The most ISBNs besides its own that find one book (the other editions of an Open Library
  /// work), so that one record cannot bloat a catalog.
  public static let maximumOthers = 100

  /// The valid ISBNs of `candidates` besides `own` (the book's), each once, in order, at most
  /// ``maximumOthers``: the other ISBNs that find the book. Invalid ones are left out silently.
  public static func others(_ candidates: [String], besides own: ISBN?) -> [ISBN] {
    others(candidates.lazy.compactMap { ISBN($0) }, besides: own)
  }

  /// The ISBNs of `candidates` besides `own`, each once, in order, at most ``maximumOthers``.
  public static func others(_ candidates: some Sequence<ISBN>, besides own: ISBN?) -> [ISBN] {
    var seen: Set<String> = own.map { [$0.isbn13] } ?? []
    var others: [ISBN] = []
    for isbn in candidates {
      guard others.count < maximumOthers else { break }
      if seen.insert(isbn.isbn13).inserted { others.append(isbn) }
    }
    return others
  }
}
