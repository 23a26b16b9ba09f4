import BookModel
import ChaekApp

/// The HTML of a series in a book's sheet: 시리즈의 다음 책, then every volume in order with the
/// reader's shelf, the open book marked. Each link names its book (`data-book-id`), which the
/// sheet opens in place of the one shown.
enum SeriesViews {
  /// The sheet's series section for `book`.
  static func section(_ series: SeriesListing, current book: Book) -> HTML {
    let next: HTML =
      series.next.map { next in
        """
        <p class="series-next">시리즈의 다음 책 \
        <a href="/books/\(next.book.id.rawValue)" data-book-id="\(next.book.id.rawValue)" \
        data-action="\(PageAction.open)">\
        \(volumeLabel(next.book))\(next.book.title)</a></p>
        """
      } ?? ""
    let rows = series.volumes.map { volume in
      let current: HTML = volume.book.id == book.id ? " class=\"current\" aria-current=\"true\"" : ""
      let shelf: HTML =
        volume.shelf.map { "<span class=\"shelf-badge shelf-\($0.rawValue)\">\($0.name)</span>" } ?? ""
      return """
        <li\(current)>\
        <a href="/books/\(volume.book.id.rawValue)" data-book-id="\(volume.book.id.rawValue)" \
        data-action="\(PageAction.open)">\
        \(volumeLabel(volume.book))<span class="volume-title">\(volume.book.title)</span></a>\(shelf)</li>
        """ as HTML
    }
    let read: HTML = series.isRead ? " <span class=\"series-read\">다 읽은 시리즈</span>" : ""
    return """
      <section class="series" aria-labelledby="series-heading">\
      <h3 class="about-heading" id="series-heading">시리즈 · \(series.name)\(read)</h3>\(next)\
      <ol class="series-volumes">\(HTML.join(rows))</ol></section>
      """
  }

  /// `3권`, `상권`, `1–3권` before a title; nothing for an unnumbered book.
  static func volumeLabel(_ book: Book) -> HTML {
    guard let volume = book.seriesVolume?.volume, !volume.isEmpty else { return "" }
    return "<span class=\"volume\">\(volume.replacingOccurrences(of: "-", with: "–"))권</span> "
  }

  /// The series fact of a book's sheet: its name and volume.
  static func fact(_ book: Book) -> HTML {
    guard let place = book.seriesVolume else { return "" }
    return place.volume.isEmpty ? "\(place.series)" : "\(place.series) \(volumeLabel(book))"
  }
}
