import BookModel
import SearchIndex

/// A book's texts analyzed once for everything the index makes of them: its terms (see
/// ``Catalog/terms(of:)``) and its stored fields read the title's and the people's segments and
/// keys, which each analyzer would otherwise make again.
struct AnalyzedBook {
  private let book: Book
  /// The authors and translators as one text.
  private let people: String
  private let title: Analyzer.Segmented
  private let names: Analyzer.Segmented
  private let titleKey: String
  private let titleInitialsKey: String

  init(_ book: Book) {
    self.book = book
    people = book.people
    title = Analyzer.Segmented(book.title)
    names = Analyzer.Segmented(people)
    titleKey = Analyzer.key(book.title)
    titleInitialsKey = Analyzer.initialsKey(book.title)
  }

  /// Every term of the book, some perhaps more than once.
  var terms: [Term] {
    let title = title.tokens
    let names = names.tokens
    let publisher = Analyzer.tokens(book.publisher)
    var terms: [Term] = []
    for (field, tokens) in [
      (Field.any, title), (.any, names), (.any, publisher), (.any, Analyzer.tokens(book.contents)),
      (.title, title), (.people, names), (.publisher, publisher),
      (.titleInitials, self.title.initialsTokens), (.peopleInitials, self.names.initialsTokens),
      (.titleKey, [titleKey, baseTitleKey]),
      (.titleInitialsKey, [titleInitialsKey]), (.titlePairs, self.title.wordPairs),
      (.series, book.seriesVolume.map { Catalog.seriesKeys($0.series) } ?? []),
    ] {
      for token in tokens where !token.isEmpty { terms.append(Term(token, in: field)) }
    }
    return terms
  }

  /// The title's key without a trailing series note (see ``Analyzer/baseKey(ofTitle:)``): the
  /// title's key when it has none.
  private var baseTitleKey: String {
    let base = Analyzer.withoutNote(book.title)
    return base.utf8.count == book.title.utf8.count ? titleKey : Analyzer.key(base)
  }

  /// The texts the index stores of the book (see ``Catalog/searchIndex``).
  var stored: [StoredField: String] {
    let peopleKey = Analyzer.key(people)
    return [
      .title: titleKey, .titleInitials: titleInitialsKey, .people: peopleKey,
      .publisher: Analyzer.key(book.publisher), .peopleInitials: Analyzer.initialsKey(peopleKey),
    ]
  }
}
