extension Book {
  /// This book, with every field it leaves empty taken from `older`: an update that knows less
  /// than the stored copy keeps what only the stored copy knew.
  public func filledIn(from older: Book) -> Book {
    var book = self
    if book.contents.isEmpty { book.contents = older.contents }
    if book.url.isEmpty { book.url = older.url }
    if book.isbn.isEmpty { book.isbn = older.isbn }
    if book.datetime == nil { book.datetime = older.datetime }
    if book.authors.isEmpty { book.authors = older.authors }
    if book.publisher.isEmpty { book.publisher = older.publisher }
    if book.translators.isEmpty { book.translators = older.translators }
    if book.price <= 0 { book.price = older.price }
    if book.salePrice < 0 { book.salePrice = older.salePrice }
    if book.thumbnail.isEmpty { book.thumbnail = older.thumbnail }
    if book.status.isEmpty { book.status = older.status }
    if book.pages == nil { book.pages = older.pages }
    if book.series == nil { book.series = older.series }
    if book.work == nil { book.work = older.work }
    return book
  }
}
