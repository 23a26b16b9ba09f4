import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport
import UserLibrary

/// The journal of one book: its entry, changed in one request, and its readings (progress, start,
/// finish, a reading's days). A write for a book that is not saved yet saves it on 읽고 싶은 책
/// first, in the same transaction.
extension WebApp {
  /// `GET /api/journal/{id}`: the book's ``JournalEntry``; 404 when it is not saved.
  func journalEntry(_ request: HTTPRequest) async throws -> HTTPResponse {
    let id = try request.bookID()
    guard let entry = try await library.entry(id) else { throw LibraryError.notSaved(id) }
    return try .json(entry)
  }

  /// `PATCH /api/journal/{id}`: applies every field of the body (``EntryPatch``) at once; a stale
  /// `version` is a 409 with the entry as it is now.
  func updateJournal(_ request: HTTPRequest) async throws -> HTTPResponse {
    let patch = try request.input(EntryPatch.self)
    let change = try patch.change()
    let target = try await journalTarget(of: request)
    let entry = try await refusingStale(.entry(target.id)) {
      try await library.updateEntry(
        target.id, change, today: patch.day ?? .today(), expecting: patch.version, saving: target.saving)
    }
    return try .json(entry)
  }

  /// `POST /api/journal/{id}/progress`: `{"progress":"120/352"|"45%","day"?}`.
  func recordProgress(_ request: HTTPRequest) async throws -> HTTPResponse {
    let input = try request.input(ProgressInput.self)
    let amount = try input.amount()
    let target = try await journalTarget(of: request)
    return try .json(
      try await library.recordProgress(
        target.id, amount, on: input.day ?? .today(), saving: target.saving))
  }

  /// `POST /api/journal/{id}/start`: `{"day"?}`.
  func startReading(_ request: HTTPRequest) async throws -> HTTPResponse {
    let day = try request.input(DayInput.self).day ?? .today()
    let target = try await journalTarget(of: request)
    return try .json(try await library.startReading(target.id, on: day, saving: target.saving))
  }

  /// `POST /api/journal/{id}/finish`: `{"day"?}`.
  func finishReading(_ request: HTTPRequest) async throws -> HTTPResponse {
    let day = try request.input(DayInput.self).day ?? .today()
    let target = try await journalTarget(of: request)
    return try .json(try await library.finishReading(target.id, on: day, saving: target.saving))
  }

  /// `PATCH /api/sessions/{sessionID}`: `{"started","finished","version"?}`; the book's entry.
  func updateSession(_ request: HTTPRequest) async throws -> HTTPResponse {
    let sessionID = try request.pathInteger("sessionID")
    let edit = try request.input(SessionEdit.self)
    let entry = try await refusingStale(.session(sessionID)) {
      try await library.updateSession(
        sessionID, started: edit.started, finished: edit.finished, expecting: edit.version)
    }
    return try .json(entry)
  }

  /// `DELETE /api/sessions/{sessionID}[?version=N]`: the book's entry without the reading.
  func deleteSession(_ request: HTTPRequest) async throws -> HTTPResponse {
    let sessionID = try request.pathInteger("sessionID")
    let version = try request.queryInteger("version")
    let entry = try await refusingStale(.session(sessionID)) {
      try await library.deleteSession(sessionID, expecting: version)
    }
    return try .json(entry)
  }

  // MARK: - Shared

  /// The book a journal write in `request` is for (``ChaekApp/JournalTarget``), found as
  /// ``book(for:)`` finds it.
  /// - Throws: ``APIError`` 400 for a path that names no book and 404 for a book nowhere found.
  func journalTarget(of request: HTTPRequest) async throws -> JournalTarget {
    let id = try request.bookID()
    let search = search
    guard let target = try await BookLookup(library: library, search: { search }).journalTarget(id) else {
      throw APIError.notFound("no book \(id)")
    }
    return target
  }
}
