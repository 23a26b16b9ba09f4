import BookCatalog
import BookModel
import BookProviders
import ChaekApp
import ChaekWeb
import Foundation
import HTTPRouting
import Synchronization
import TestSupport
import UserLibrary

/// The web app over an in-memory catalog with the test books and a library file of its own in a
/// temporary directory, its log kept for the test; ``client`` calls it in process.
struct AppFixture {
  let app: WebApp
  /// The use cases under the app: where a test adds readers.
  let chaek: Chaek
  let library: Library
  /// The catalog the app searches (in memory).
  let catalog: Catalog
  let libraryPath: String
  let directory: URL
  let log: LogLines

  /// A client that calls the app in process, middleware included.
  var client: TestClient { TestClient(app.responder) }

  /// Runs `body` with a fresh app searching `source` (the catalog unless told; a provider is
  /// reached through `settings`), then removes its files.
  static func with(
    token: String? = nil, trustsProxy: Bool = false, source: SearchSource = .local,
    settings: ProviderSettings? = nil, now: @escaping @Sendable () -> Date = Date.init,
    _ body: (AppFixture) async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chaek-web-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = try Catalog(path: ":memory:", includingStarter: false)
    try await catalog.upsert(AppServer.books, source: .imported)
    let libraryPath = directory.appendingPathComponent("library.sqlite").path
    let library = try Library(path: libraryPath)
    let chaek = Chaek(
      library: library, catalog: catalog, source: source,
      settings: try settings ?? ProviderSettings(environment: [:]), strength: .minimum, now: now)
    let log = LogLines()
    let app = try WebApp(chaek: chaek, token: token, trustsProxy: trustsProxy, log: log.log)
    try await body(
      AppFixture(
        app: app, chaek: chaek, library: library, catalog: catalog, libraryPath: libraryPath,
        directory: directory, log: log
      ))
  }
}

/// Lines the app logs, kept for a test to read.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  /// The log function to give the app.
  var log: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }

  /// Every line so far.
  var all: [String] { lines.withLock { $0 } }
}
