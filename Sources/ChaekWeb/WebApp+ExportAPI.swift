import BookModel
import ChaekApp
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// `GET /api/export[?format=json|goodreads]`: the library as a file to download
  /// (`Content-Disposition: attachment`), named for the server's day:
  /// `chaek-backup-YYYY-MM-DD.json`, `chaek-goodreads-YYYY-MM-DD.csv` (see ``ChaekApp/LibraryExport``).
  func export(_ request: HTTPRequest) async throws -> HTTPResponse {
    let name = request.query["format"] ?? ExportFormat.json.rawValue
    guard let format = ExportFormat(rawValue: name) else {
      throw APIError.badRequest(
        "format must be \(ExportFormat.allCases.map(\.rawValue).joined(separator: " or ")), not \(name)")
    }
    return HTTPResponse(
      headers: [
        "Content-Type": format.contentType,
        "Content-Disposition": "attachment; filename=\"\(format.fileName(on: .today()))\"",
      ], body: try await chaek.export(format, for: request.reader).data)
  }
}
