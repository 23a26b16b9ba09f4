/// A reader's rating of a book, in quarter stars from 0.25 to 5.
///
/// People set half stars (0.5, 1, …, 5: ``init(halfStars:)``); StoryGraph exports quarter stars
/// (3.75), which are kept as imported (``init(stars:)``).
public struct StarRating: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  /// The rating in quarter stars, 1...20.
  public let quarters: Int

  /// The rating in quarter stars; `nil` outside 1...20.
  public init?(quarters: Int) {
    guard (1...20).contains(quarters) else { return nil }
    self.quarters = quarters
  }

  /// A rating of `stars`, a multiple of 0.25 from 0.25 to 5; `nil` otherwise.
  public init?(stars: Double) {
    // Checked before the conversion to Int, which traps beyond Int's range (1e19).
    guard (0...5).contains(stars) else { return nil }
    let quarters = (stars * 4).rounded()
    guard abs(stars * 4 - quarters) < 1e-9 else { return nil }
    self.init(quarters: Int(quarters))
  }

  /// A rating as people set it: a multiple of 0.5 from 0.5 to 5; `nil` otherwise.
  public init?(halfStars stars: Double) {
    guard let rating = StarRating(stars: stars), rating.quarters % 2 == 0 else { return nil }
    self = rating
  }

  /// The rating in stars: 4.5, 3.75.
  public var stars: Double { Double(quarters) / 4 }

  /// `4.5`, `3.75`, `4`.
  public var description: String {
    quarters % 4 == 0 ? String(quarters / 4) : String(stars)
  }

  public static func < (lhs: StarRating, rhs: StarRating) -> Bool { lhs.quarters < rhs.quarters }

  /// Encoded as its number of stars (`4.5`).
  public init(from decoder: any Decoder) throws {
    let stars = try decoder.singleValueContainer().decode(Double.self)
    guard let rating = StarRating(stars: stars) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a rating is 0.25 to 5 in quarter stars"))
    }
    self = rating
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(stars)
  }
}
