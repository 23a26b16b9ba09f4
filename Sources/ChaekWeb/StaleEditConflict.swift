import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

/// A stale edit answered with what was edited as it is now, so the page can show the newer state:
/// `409 {"errorType":"Conflict","message":"…","entry"|"note":{…}}`.
struct StaleEditConflict: HTTPResponseError, Sendable {
  /// The library's message (``LibraryError/staleEdit(current:)``'s description).
  let message: String
  /// The key of the current state: `entry` or `note`.
  let key: String
  /// The current state.
  let current: any Encodable & Sendable

  /// The error as JSON with status 409.
  var response: HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let body = try? encoder.encode(Body(conflict: self)) else {
      return APIError(status: 409, errorType: "Conflict", message: message).response
    }
    return .json(raw: body, status: 409)
  }

  private struct Body: Encodable {
    let conflict: StaleEditConflict

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode("Conflict", forKey: Key("errorType"))
      try container.encode(conflict.message, forKey: Key("message"))
      try container.encode(conflict.current, forKey: Key(conflict.key))
    }
  }

  private struct Key: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// What a write edits, to show as it is now when the edit was stale.
enum EditedRecord: Sendable {
  /// A book's journal entry.
  case entry(BookID)
  /// A reading session, shown as its book's entry.
  case session(Int)
  /// A note or quote.
  case note(Int)

  /// The key the current state is under: `entry` or `note`.
  var key: String {
    switch self {
    case .entry, .session: "entry"
    case .note: "note"
    }
  }
}

extension WebApp {
  /// Runs a library write on `record`; a stale edit becomes a ``StaleEditConflict`` holding the
  /// record as it is now (the plain 409 when it is gone).
  func refusingStale<T>(_ record: EditedRecord, for reader: Reader, _ write: () async throws -> T)
    async throws
    -> T
  {
    do {
      return try await write()
    } catch let error as LibraryError {
      guard case .staleEdit = error else { throw error }
      let current: (any Encodable & Sendable)? =
        switch record {
        case .entry(let id): try await chaek.entry(id, for: reader)
        case .session(let id): try await chaek.entry(chaek.sessionOwner(id, for: reader), for: reader)
        case .note(let id): try await chaek.note(id, for: reader)
        }
      guard let current else { throw error }
      throw StaleEditConflict(message: error.description, key: record.key, current: current)
    }
  }
}
