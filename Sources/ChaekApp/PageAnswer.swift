import BookModel
import Foundation
import Synchronization

/// A page of results as every request it answers shares it: the catalog's microcache answers many
/// requests with one page (``SearchPageCache``), and its Kakao body is written once for them all.
final class PageAnswer: Sendable {
  /// The results.
  let page: SearchPage
  private let writtenBody = Mutex<Data?>(nil)

  /// The answer of `page`, its body not written yet.
  init(_ page: SearchPage) {
    self.page = page
  }

  /// The page as Kakao's API answers it: Kakao's members only (a book's pages and series are
  /// Chaek's), slashes unescaped. Written the first time it is asked for; requests asking at once
  /// may each write it, none waiting for another.
  var kakaoBody: Data {
    if let body = writtenBody.withLock({ $0 }) { return body }
    let kakao = SearchPage(documents: page.documents.map(\.kakaoDocument), meta: page.meta)
    let body = kakao.json(escapingSlashes: false)
    writtenBody.withLock { $0 = body }
    return body
  }
}
