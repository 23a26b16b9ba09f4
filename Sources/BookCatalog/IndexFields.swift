import SearchIndex

/// The fields the catalog indexes a book's terms in (see ``Catalog/terms(of:)``).
extension Field {
  /// Any of the title, people, publisher and description.
  static let any = Field("a")
  static let title = Field("t")
  /// Authors and translators.
  static let people = Field("p")
  static let publisher = Field("u")
  /// The 초성 bigrams and trigrams of the title.
  static let titleInitials = Field("i")
  /// The 초성 bigrams and trigrams of the people.
  static let peopleInitials = Field("j")
  /// The whole title as one token, its key, and again without its series note: exact titles and
  /// title prefixes.
  static let titleKey = Field("k")
  /// The title's 초성 as one token.
  static let titleInitialsKey = Field("m")
  /// Each pair of consecutive Latin words of the title (`hunger games`): title phrases.
  static let titlePairs = Field("w")
  /// The series' name as one token, with and without a leading article (see
  /// ``Catalog/seriesKeys(_:)``): the books of a series.
  static let series = Field("s")
}

/// The texts the catalog's index keeps of a book, to check phrases and titles in (see
/// ``Catalog/document(of:rowid:popularity:)``), and the description it supplies.
extension StoredField {
  /// The title's key.
  static let title = stored("title")
  /// The title's 초성.
  static let titleInitials = stored("title_initials")
  /// The people's key.
  static let people = stored("people")
  /// The publisher's key.
  static let publisher = stored("publisher")
  /// The people's 초성.
  static let peopleInitials = stored("people_initials")
  /// The description's key, read from the book (see ``BookDescriptions``).
  static let contents = supplied("contents")
}
