import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport

/// Notes and quotes (문장 수집): added to a book's journal, edited and deleted by id, and found by
/// text.
extension WebApp {
  /// `POST /api/journal/{id}/notes`: `{"kind":"note"|"quote","text","page"?,"day"?}`; 201 with the
  /// ``Note``. A book that is not saved yet is saved on 읽고 싶은 책 first.
  func addNote(_ request: HTTPRequest) async throws -> HTTPResponse {
    let input = try request.input(NewNote.self)
    let note = try await chaek.addNote(
      input.kind, to: request.bookID(), text: input.text, page: input.page, day: input.day ?? .today(),
      for: request.reader)
    return try .json(note.value, status: 201)
  }

  /// `PATCH /api/notes/{noteID}`: `{"text","page"?,"day"?,"version"?}` (no `page`: none; no `day`:
  /// the same day); a stale `version` is a 409 with the note as it is now.
  func updateNote(_ request: HTTPRequest) async throws -> HTTPResponse {
    let noteID = try request.pathInteger("noteID")
    let edit = try request.input(NoteEdit.self)
    let note = try await refusingStale(.note(noteID), for: request.reader) {
      try await chaek.updateNote(
        noteID, text: edit.text, page: edit.page, day: edit.day, expecting: edit.version, for: request.reader)
    }
    return try .json(note)
  }

  /// `DELETE /api/notes/{noteID}[?version=N]`: `{"id","status":"deleted"}`.
  func deleteNote(_ request: HTTPRequest) async throws -> HTTPResponse {
    let noteID = try request.pathInteger("noteID")
    let version = try request.queryInteger("version")
    try await refusingStale(.note(noteID), for: request.reader) {
      try await chaek.deleteNote(noteID, expecting: version, for: request.reader)
    }
    return try .json(NoteDeletion(id: noteID, status: "deleted"))
  }

  /// `GET /api/notes?query=Q`: `{"notes":[{"note","title"}…]}`, newest first.
  func searchNotes(_ request: HTTPRequest) async throws -> HTTPResponse {
    try .json(["notes": try await chaek.searchNotes(request.noteQuery(), for: request.reader)])
  }
}

extension HTTPRequest {
  /// The `query` of a search of notes and quotes (`""` without one).
  ///
  /// - Throws: ``APIError`` 400 beyond ``BookModel/SearchQuery/maximumQueryLength`` characters, as
  ///   a search of books: each word of the query is matched against every note.
  func noteQuery() throws -> String {
    let query = self.query["query"] ?? ""
    guard query.unicodeScalars.count <= SearchQuery.maximumQueryLength else {
      throw APIError.badRequest("query is at most \(SearchQuery.maximumQueryLength) characters")
    }
    return query
  }
}

private struct NoteDeletion: Encodable {
  let id: Int
  let status: String
}
