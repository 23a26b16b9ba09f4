import BookModel
import ChaekApp

// The JSON bodies of the journal API, read by `HTTPRequest.input(_:)`: days are the reader's
// calendar days (`YYYY-MM-DD`), and `version` is the version the edit was made on.

/// `PATCH /api/journal/{id}`: the fields to change (`rating` and `pages` may be `null` to clear).
struct EntryPatch: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case version, shelf, rating, review, tags, pages, day }

  let version: Int?
  let shelf: Shelf?
  let rating: Double??
  let review: String?
  let tags: [String]?
  let pages: Int??
  let day: CalendarDay?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Field.self)
    version = try container.decodeIfPresent(Int.self, forKey: .version)
    shelf = try container.decodeIfPresent(Shelf.self, forKey: .shelf)
    rating = try container.decodeChange(Double.self, forKey: .rating)
    review = try container.decodeIfPresent(String.self, forKey: .review)
    tags = try container.decodeIfPresent([String].self, forKey: .tags)
    pages = try container.decodeChange(Int.self, forKey: .pages)
    day = try container.decodeIfPresent(CalendarDay.self, forKey: .day)
  }

  /// The change asked for.
  ///
  /// - Throws: ``APIError`` 400 for a rating that is not in half stars; ``LibraryError`` for a value
  ///   the library does not keep.
  func change() throws -> EntryChange {
    let rating = try self.rating.map { stars throws(APIError) -> StarRating? in
      guard let stars else { return nil }
      guard let rating = StarRating(halfStars: stars) else {
        throw .badRequest("a rating is 0.5 to 5 stars in half stars, not \(stars)")
      }
      return rating
    }
    return try EntryChange(shelf: shelf, rating: rating, review: review, tags: tags, pages: pages)
  }
}

/// `POST /api/journal/{id}/notes`.
struct NewNote: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case kind, text, page, day }

  let kind: Note.Kind
  let text: String
  let page: Int?
  let day: CalendarDay?
}

/// `PATCH /api/notes/{noteID}`.
struct NoteEdit: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case text, page, day, version }

  let text: String
  let page: Int?
  let day: CalendarDay?
  let version: Int?
}

/// `POST /api/journal/{id}/progress`.
struct ProgressInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case progress, day }

  let progress: String
  let day: CalendarDay?

  /// The progress as an amount.
  ///
  /// - Throws: ``APIError`` 400 naming the forms it reads.
  func amount() throws(APIError) -> ReadingAmount {
    guard let amount = ReadingAmount(progress) else {
      throw .badRequest(
        "progress is a page, of the total when known (120/352 or 120), or a percentage (45%), not \(progress)"
      )
    }
    return amount
  }
}

/// `POST /api/journal/{id}/start` and `/finish`.
struct DayInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case day }

  let day: CalendarDay?
}

/// `PATCH /api/sessions/{sessionID}`: both days are required, `null` when unknown (or, for
/// `finished`, still reading).
struct SessionEdit: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case started, finished, edition, version }

  let started: CalendarDay?
  let finished: CalendarDay?
  /// The edition read: absent, no change; `null`, the saved one.
  let edition: BookID??
  let version: Int?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Field.self)
    started = try container.decode(CalendarDay?.self, forKey: .started)
    finished = try container.decode(CalendarDay?.self, forKey: .finished)
    edition = try container.decodeChange(BookID.self, forKey: .edition)
    version = try container.decodeIfPresent(Int.self, forKey: .version)
  }
}

/// `PUT /api/goals/{year}`.
struct GoalInput: RequestBody {
  enum Field: String, CodingKey, CaseIterable { case books }

  let books: Int
}

extension KeyedDecodingContainer {
  /// A field that may be absent (`nil`: no change), `null` (`.some(nil)`: clear it) or a value.
  fileprivate func decodeChange<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T?? {
    guard contains(key) else { return nil }
    return .some(try decodeNil(forKey: key) ? nil : decode(type, forKey: key))
  }
}
