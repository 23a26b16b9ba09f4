/// How long a book can be, as the journal keeps it.
public enum BookLength {
  /// The most pages a book is taken to have (a number of pages, a page read, a page quoted):
  /// longer than any printed book, and small enough that a reader's yearly sums stay far from
  /// overflow whatever was imported or typed.
  public static let maximumPages = 100_000
  /// The pages a book may have: 1 to ``maximumPages``.
  public static let pages = 1...maximumPages
}
