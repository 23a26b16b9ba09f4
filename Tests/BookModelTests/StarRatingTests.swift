import BookModel
import Foundation
import Testing

@Suite("Star ratings")
struct StarRatingTests {
  @Test func quarterAndHalfStarsAreKeptAndEverythingElseRefused() throws {
    #expect(StarRating(stars: 3.75)?.quarters == 15)
    #expect(StarRating(stars: 0.25)?.description == "0.25" && StarRating(stars: 5)?.description == "5")
    #expect(StarRating(halfStars: 4.5)?.stars == 4.5 && StarRating(halfStars: 3.75) == nil)
    for stars in [
      0, -0.25, 5.25, 3.1, .nan, .infinity, -.infinity, 1e19, -1e19, 9.3e18, .greatestFiniteMagnitude,
    ] {
      #expect(StarRating(stars: stars) == nil, "\(stars)")
      #expect(StarRating(halfStars: stars) == nil, "\(stars)")
    }
  }

  @Test func aRatingIsDecodedFromItsStarsAndARatingOutOfRangeIsAnError() throws {
    #expect(
      try JSONDecoder().decode([StarRating].self, from: Data("[4.5, 3.75]".utf8)).map(\.quarters) == [18, 15])
    for json in ["[1e19]", "[-1e19]", "[6]", "[0]", "[4.1]"] {
      #expect(throws: DecodingError.self, "\(json)") {
        try JSONDecoder().decode([StarRating].self, from: Data(json.utf8))
      }
    }
  }
}
