import BookModel
import Foundation
import HTTPRouting
import HTTPTransport
import UserLibrary

/// The formats `GET /api/export` writes the library in.
///
/// To add one: a case here (its raw value is the `format` argument) and its file in
/// ``WebApp/exportFile(_:today:)``; the 400 for an unknown format lists the cases.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The whole library as a ``LibraryBackup`` (``Library/restore(_:)`` reads it back into an empty library).
  case json
}

/// A file to download: its bytes, type and name.
struct ExportFile: Sendable {
  /// The file's bytes.
  let data: Data
  /// Its `Content-Type`.
  let contentType: String
  /// The name it is saved under.
  let name: String
}

extension WebApp {
  /// `GET /api/export[?format=json]`: the library as a file to download (`Content-Disposition:
  /// attachment`), named for the server's day: `chaek-backup-YYYY-MM-DD.json`.
  func export(_ request: HTTPRequest) async throws -> HTTPResponse {
    let name = request.query["format"] ?? ExportFormat.json.rawValue
    guard let format = ExportFormat(rawValue: name) else {
      throw APIError.badRequest(
        "format must be \(ExportFormat.allCases.map(\.rawValue).joined(separator: " or ")), not \(name)")
    }
    let file = try await exportFile(format, today: .today())
    return HTTPResponse(
      headers: [
        "Content-Type": file.contentType,
        "Content-Disposition": "attachment; filename=\"\(file.name)\"",
      ], body: file.data)
  }

  /// The library as a file in `format`, named for `today`.
  func exportFile(_ format: ExportFormat, today: CalendarDay) async throws -> ExportFile {
    switch format {
    case .json:
      ExportFile(
        data: try await library.backup().encoded(), contentType: "application/json; charset=utf-8",
        name: "chaek-backup-\(today).json")
    }
  }
}
