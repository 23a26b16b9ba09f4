import BookCatalog
import BookModel
import BookProviders
import TestLibraries
import Testing

@testable import ChaekApp

/// A Chaek with no provider, the starter catalog in memory and an empty library.
func offlineChaek() async throws -> Chaek {
  Chaek(
    library: try await TestLibrary.make(), catalog: try Catalog(path: ":memory:"),
    settings: try ProviderSettings(environment: [:]), strength: .minimum)
}

/// The starter book with this title.
func starterBook(_ title: String) throws -> Book {
  try #require(try Catalog.starterBooks().first { $0.title == title })
}
