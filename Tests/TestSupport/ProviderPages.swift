/// Kakao search responses for tests of the providers and of what is built on them.
public enum KakaoPages {
  /// A Kakao-shaped page with Kakao's quirks: both ISBNs, an ISBN-13 with a leading space, no sale
  /// (`-1`), no thumbnail.
  public static let twoBooks = """
    {"documents":[
      {"authors":["한강"],"contents":"채식주의자 설명","datetime":"2007-10-30T00:00:00.000+09:00",
       "isbn":"8936433598 9788936433598","price":12000,"publisher":"창비","sale_price":10800,
       "status":"정상판매","thumbnail":"https://search1.kakaocdn.net/thumb/x.jpg",
       "title":"채식주의자","translators":[],"url":"https://search.daum.net/search?q=1"},
      {"authors":["J.K. 롤링"],"contents":"","datetime":"2019-11-19T00:00:00.000+09:00",
       "isbn":" 9788983927620","price":10000,"publisher":"문학수첩","sale_price":-1,
       "status":"","thumbnail":"","title":"해리 포터와 마법사의 돌 1","translators":["강동혁"],
       "url":"https://search.daum.net/search?q=2"}
    ],"meta":{"is_end":false,"pageable_count":2,"total_count":57}}
    """

  /// A page with no results.
  public static let empty = #"{"documents":[],"meta":{"is_end":true,"pageable_count":0,"total_count":0}}"#
}

/// Open Library search responses for tests of the provider, the importer and the catalog.
public enum OpenLibraryPages {
  /// One work whose doc lists three ISBNs: an ISBN-13, an invalid one, an ISBN-10.
  public static let threeISBNs = """
    {"numFound":1,"start":0,"docs":[{"key":"/works/OL82563W",\
    "title":"Harry Potter and the Philosopher's Stone","author_name":["J. K. Rowling"],\
    "isbn":["9780747532743","9780747532744","0590353403"],"first_publish_year":1997}]}
    """
}
