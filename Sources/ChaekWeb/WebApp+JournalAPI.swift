import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport

/// The journal of one book: its entry, changed in one request, and its readings (progress, start,
/// finish, a reading's days). A write for a book that is not saved yet saves it on 읽고 싶은 책
/// first, in the same transaction.
extension WebApp {
  /// `GET /api/journal/{id}`: the book's ``JournalEntry``; 404 when it is not saved.
  func journalEntry(_ request: HTTPRequest) async throws -> HTTPResponse {
    let id = try request.bookID()
    guard let entry = try await chaek.entry(id, for: request.reader) else { throw LibraryError.notSaved(id) }
    return try .json(entry)
  }

  /// `PATCH /api/journal/{id}`: applies every field of the body (``EntryPatch``) at once; a stale
  /// `version` is a 409 with the entry as it is now.
  func updateJournal(_ request: HTTPRequest) async throws -> HTTPResponse {
    let patch = try request.input(EntryPatch.self)
    let change = try patch.change()
    let id = try request.bookID()
    let entry = try await refusingStale(.entry(id), for: request.reader) {
      try await chaek.updateEntry(
        id, change, today: patch.day ?? .today(), expecting: patch.version, for: request.reader)
    }
    return try .json(entry.value)
  }

  /// `POST /api/journal/{id}/progress`: `{"progress":"120/352"|"45%","day"?}`.
  func recordProgress(_ request: HTTPRequest) async throws -> HTTPResponse {
    let input = try request.input(ProgressInput.self)
    let amount = try input.amount()
    let written = try await chaek.recordProgress(
      request.bookID(), amount, on: input.day ?? .today(), for: request.reader)
    return try .json(written.value)
  }

  /// `POST /api/journal/{id}/start`: `{"day"?}`.
  func startReading(_ request: HTTPRequest) async throws -> HTTPResponse {
    let day = try request.input(DayInput.self).day ?? .today()
    return try .json(try await chaek.startReading(request.bookID(), on: day, for: request.reader).value)
  }

  /// `POST /api/journal/{id}/finish`: `{"day"?}`.
  func finishReading(_ request: HTTPRequest) async throws -> HTTPResponse {
    let day = try request.input(DayInput.self).day ?? .today()
    return try .json(try await chaek.finishReading(request.bookID(), on: day, for: request.reader).value)
  }

  /// `PATCH /api/sessions/{sessionID}`: `{"started","finished","edition"?,"version"?}`; the book's
  /// entry.
  func updateSession(_ request: HTTPRequest) async throws -> HTTPResponse {
    let sessionID = try request.pathInteger("sessionID")
    let edit = try request.input(SessionEdit.self)
    let entry = try await refusingStale(.session(sessionID), for: request.reader) {
      try await chaek.updateSession(
        sessionID, started: edit.started, finished: edit.finished, edition: edit.edition,
        expecting: edit.version, for: request.reader)
    }
    return try .json(entry)
  }

  /// `DELETE /api/sessions/{sessionID}[?version=N]`: the book's entry without the reading.
  func deleteSession(_ request: HTTPRequest) async throws -> HTTPResponse {
    let sessionID = try request.pathInteger("sessionID")
    let version = try request.queryInteger("version")
    let entry = try await refusingStale(.session(sessionID), for: request.reader) {
      try await chaek.deleteSession(sessionID, expecting: version, for: request.reader)
    }
    return try .json(entry)
  }
}
