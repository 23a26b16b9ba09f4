import BookCatalog
import BookModel
import BookProviders
import Foundation
import TestLibraries
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("다음에 읽을 책: suggestions from the reader's journal, each with why")
struct ReadNextTests {
  private let chaek: Chaek

  init() async throws {
    chaek = try await offlineChaek()
  }

  private func finish(_ title: String, stars: Double, on day: String) async throws {
    let book = try starterBook(title)
    _ = try await chaek.save(book, for: .owner)
    _ = try await chaek.finishReading(book.id, on: try #require(CalendarDay(day)), for: .owner)
    _ = try await chaek.updateEntry(
      book.id, try EntryChange(rating: .some(StarRating(stars: stars))), today: .today(), for: .owner)
  }

  @Test func nothingIsSuggestedBeforeABookIsReadOrStarted() async throws {
    #expect(try await chaek.readNext(for: .owner).isEmpty)
    _ = try await chaek.save(try starterBook("채식주의자"), for: .owner)
    #expect(try await chaek.readNext(for: .owner).isEmpty, "a book only wanted says nothing yet")
  }

  @Test func theNextVolumeOfASeriesInProgressComesFirstThenTheAuthorsLoved() async throws {
    try await finish("채식주의자", stars: 5, on: "2026-01-10")
    try await finish("해리 포터와 마법사의 돌", stars: 4, on: "2026-02-01")
    let second = try starterBook("해리 포터와 비밀의 방")
    _ = try await chaek.startReading(second.id, on: try #require(CalendarDay("2026-02-03")), for: .owner)
    let wanted = try starterBook("소년이 온다")
    _ = try await chaek.save(wanted, for: .owner)

    let suggestions = try await chaek.readNext(for: .owner)
    #expect(suggestions.first?.book.title == "해리 포터와 아즈카반의 죄수")
    #expect(suggestions.first?.why == "읽는 중인 시리즈 ‘해리 포터’의 3권")
    let byHan = suggestions.filter { $0.why == "한강의 다른 책" }.map(\.book)
    #expect(byHan.count >= 3 && byHan.allSatisfy { $0.authors.contains("한강") })
    let titles = suggestions.map(\.book.title)
    #expect(!titles.contains("채식주의자") && !titles.contains("소년이 온다"), "nothing read or saved")
    #expect(!titles.contains("해리 포터와 비밀의 방"))
    #expect(suggestions.count <= 10 && Set(suggestions.map(\.book.id)).count == suggestions.count)
  }

  @Test func theAuthorsOfTheBooksLovedMostAndLastComeFirst() async throws {
    try await finish("살인자의 기억법", stars: 2, on: "2026-01-01")
    try await finish("아몬드", stars: 5, on: "2026-03-01")
    try await finish("채식주의자", stars: 5, on: "2026-04-01")
    let authors = try await chaek.readNext(for: .owner).map(\.why)
    #expect(authors.first == "한강의 다른 책", "\(authors)")
    #expect(authors.firstIndex(of: "김영하의 다른 책") ?? .max > authors.lastIndex(of: "한강의 다른 책") ?? 0)
  }

  @Test func aSeriesBeingReadIsFollowedWhateverTheNumberOfBooksFinishedSince() async throws {
    try await finish("해리 포터와 마법사의 돌", stars: 5, on: "2025-01-01")
    let others = try Catalog.starterBooks().filter { $0.seriesVolume == nil }.prefix(12)
    for (day, book) in others.enumerated() {
      _ = try await chaek.save(book, for: .owner)
      _ = try await chaek.finishReading(
        book.id, on: try #require(CalendarDay("2026-01-\(10 + day)")), for: .owner)
    }
    let second = try starterBook("해리 포터와 비밀의 방")
    _ = try await chaek.startReading(second.id, on: try #require(CalendarDay("2026-02-01")), for: .owner)
    #expect(try await chaek.readNext(for: .owner).first?.why == "읽는 중인 시리즈 ‘해리 포터’의 3권")
  }

  @Test func aBookRatedLowSuggestsNothingOfItsAuthor() async throws {
    try await finish("살인자의 기억법", stars: 1.5, on: "2026-01-01")
    #expect(try await chaek.readNext(for: .owner).isEmpty)
  }
}
