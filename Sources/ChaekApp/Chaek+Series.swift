import BookModel

/// Series: the volumes of the series a book is in, as its reader has them.
extension Chaek {
  /// The series `book` is in (see ``BookModel/Book/seriesVolume``), as `reader` has it: one book
  /// per volume (their saved edition, else the catalog's most popular), in order, each with their
  /// shelf; `nil` when the catalog knows no other book of it.
  public func series(of book: Book, for reader: Reader) async throws -> SeriesListing? {
    let catalog = try catalog
    // The catalog's record knows the series of a book saved before the catalog gained it.
    let record = book.seriesVolume == nil ? try await catalog.book(book.id) : nil
    guard let place = book.seriesVolume ?? record?.seriesVolume else { return nil }
    let books = try await catalog.series(named: place.series)
    guard books.contains(where: { $0.id != book.id }) else { return nil }
    let library = try await library(for: reader)
    let saved = try await library.savedIDs()
    var volumes: [SeriesListing.Volume] = []
    var positions: [SeriesOrder: Int] = [:]
    for candidate in books {
      // The reader's copy, with what only the catalog knows.
      let copy = saved.contains(candidate.id) ? try await library.savedBook(candidate.id) : nil
      let volume = SeriesListing.Volume(
        book: copy.map { $0.book.filledIn(from: candidate) } ?? candidate, shelf: copy?.shelf)
      let order = candidate.seriesOrder
      if candidate.isVolume, let position = positions[order] {
        // Another edition of a volume listed: the reader's stands for it, if this is theirs.
        if copy != nil, volumes[position].shelf == nil { volumes[position] = volume }
      } else if candidate.isVolume || copy != nil {
        if candidate.isVolume { positions[order] = volumes.count }
        volumes.append(volume)
      }
    }
    let current = (record ?? book).seriesOrder
    let next = volumes.first { $0.book.seriesOrder > current && $0.book.isVolume }
    return SeriesListing(name: place.series, volumes: volumes, next: next)
  }
}

extension Chaek {
  /// The series `reader` has read every numbered volume of, among those of the books they finished
  /// in `stats`' year (see ``SeriesListing/isRead``), by name.
  public func seriesRead(in stats: YearStats, for reader: Reader) async throws -> [SeriesListing] {
    var seen = Set<String>()
    var read: [SeriesListing] = []
    for finished in stats.finished {
      guard let name = finished.book.seriesVolume?.series, seen.insert(name).inserted,
        let series = try await series(of: finished.book, for: reader), series.isRead
      else { continue }
      read.append(series)
    }
    return read.sorted { $0.name < $1.name }
  }
}
