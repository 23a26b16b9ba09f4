import BookModel
import Foundation

/// A search result and who produced it.
public struct SearchOutcome: Sendable {
  /// The results, shared with the other searches they answer.
  let answer: PageAnswer
  /// The provider that answered (`Kakao`, `Open Library`, `catalog`).
  public let answeredBy: String
  /// Why the catalog answered instead of the chosen provider, when it did.
  public let fallbackReason: BookSearchError?
  /// Whether the reader chose the provider (``SearchService/providerIsChosen``): a fallback from it
  /// is worth saying, one from Chaek's own choice is not.
  public let providerIsChosen: Bool

  /// The results.
  public var page: SearchPage { answer.page }

  /// The results as Kakao's API answers them (``PageAnswer/kakaoBody``): written once for all the
  /// searches the same page answers.
  public var kakaoBody: Data { answer.kakaoBody }

  /// A line for people when the results came from the fallback, else `nil`: Chaek's own words,
  /// safe for any client.
  public var notice: String? {
    fallbackReason.map { "\($0); showing results from the offline catalog" }
  }

  /// The ``notice`` with what the provider said (the key removed), for the person running Chaek.
  public var detailedNotice: String? {
    fallbackReason.map { "\($0.logDescription); showing results from the offline catalog" }
  }
}
