import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestLibraries
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("A book's series as its reader has it")
struct SeriesListingTests {
  @Test func theVolumesInOrderWithTheReadersShelvesAndTheNextOne() async throws {
    let chaek = try await offlineChaek()
    let third = try starterBook("해리 포터와 아즈카반의 죄수")
    _ = try await chaek.save(try starterBook("해리 포터와 마법사의 돌"), shelf: .read, for: .owner)
    _ = try await chaek.save(third, shelf: .reading, for: .owner)
    let series = try #require(try await chaek.series(of: third, for: .owner))
    #expect(series.name == "해리 포터")
    #expect(series.volumes.map(\.book.seriesVolume?.volume) == (1...7).map { String($0) })
    #expect(series.volumes.map(\.shelf) == [.read, nil, .reading, nil, nil, nil, nil])
    #expect(series.next?.book.title == "해리 포터와 불의 잔")
    #expect(!series.isRead)
    let last = try #require(series.volumes.last?.book)
    #expect(try await chaek.series(of: last, for: .owner)?.next == nil, "the last volume has none after it")
    #expect(try await chaek.series(of: try starterBook("채식주의자"), for: .owner) == nil, "a book in no series")
  }

  @Test func aSeriesIsReadWhenEveryVolumeIsAndTheReadersEditionStandsForItsVolume() async throws {
    let chaek = try await offlineChaek()
    let lotr = ["The Fellowship of the Ring", "The Two Towers", "The Return of the King"]
    // The reader's own edition of the first volume, which the catalog did not have.
    var own = try starterBook(lotr[0])
    own.isbn = "9780547928210"
    own.publisher = "Mariner Books"
    for book in [own] + (try lotr.dropFirst().map(starterBook)) {
      _ = try await chaek.save(book, shelf: .read, for: .owner)
    }
    _ = try await chaek.catalog.upsert([own], source: .kakao)
    let series = try #require(try await chaek.series(of: own, for: .owner))
    #expect(series.volumes.map(\.book.title) == lotr)
    #expect(series.volumes.first?.book.isbn == "9780547928210", "their edition, not the starter's")
    #expect(series.isRead)
  }

  @Test func theYearCountsTheSeriesReadToTheirEnd() async throws {
    let chaek = try await offlineChaek()
    let lotr = try ["The Fellowship of the Ring", "The Two Towers", "The Return of the King"].map(starterBook)
    let day = try #require(CalendarDay("2026-06-01"))
    for book in lotr.prefix(2) {
      _ = try await chaek.save(book, for: .owner)
      _ = try await chaek.finishReading(book.id, on: day, for: .owner)
    }
    let halfway = try await chaek.stats(year: 2026, today: day, for: .owner)
    #expect(try await chaek.seriesRead(in: halfway, for: .owner).isEmpty)
    _ = try await chaek.finishReading(lotr[2].id, on: day, for: .owner)
    let done = try await chaek.stats(year: 2026, today: day, for: .owner)
    #expect(try await chaek.seriesRead(in: done, for: .owner).map(\.name) == ["The Lord of the Rings"])
    #expect(
      done.pageCount == lotr.compactMap(\.pages).reduce(0, +) && done.pageCount > 0, "pages as published")
  }
}
