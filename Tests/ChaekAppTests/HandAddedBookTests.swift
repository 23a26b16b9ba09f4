import BookCatalog
import BookModel
import BookProviders
import Foundation
import Imaging
import TestLibraries
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("A book added by hand")
struct HandAddedBookTests {
  private let chaek: Chaek

  init() async throws {
    chaek = try await offlineChaek()
  }

  private static let draft = BookDraft(
    title: "우리 동네 책방 이야기", authors: ["김서점", " "], publisher: "동네책방", pages: 180,
    contents: "골목 책방 열 곳의 하루.")

  private func added(_ draft: BookDraft = draft) async throws -> Book {
    guard case .added(let book) = try await chaek.addBook(draft, for: .owner) else {
      Issue.record("the book was not added")
      throw CancellationError()
    }
    return book
  }

  private func titles(_ query: String) async throws -> [String] {
    try await chaek.catalog.search(SearchQuery(query: query)).documents.map(\.title)
  }

  @Test func itIsSavedSearchedOpenedAndExportedAsAnyOtherBook() async throws {
    let book = try await added()
    #expect(book.authors == ["김서점"] && book.pages == 180 && book.isbn.isEmpty)
    #expect(book.url.hasPrefix(Catalog.handPagePrefix) && book.id.rawValue.hasPrefix("u-"))
    #expect(try await titles("동네 책방") == ["우리 동네 책방 이야기"])
    #expect(try await titles("김서점") == ["우리 동네 책방 이야기"])
    #expect(try await chaek.book(book.id, for: .owner) == book)
    #expect(try await chaek.entry(book.id, for: .owner)?.shelf == .want)
    let csv = String(decoding: try await chaek.export(.goodreads, for: .owner).data, as: UTF8.self)
    #expect(csv.contains("우리 동네 책방 이야기") && csv.contains("김서점"))
  }

  @Test func aKnownISBNAnswersTheKnownBookAndAddsNothing() async throws {
    let count = try await chaek.catalog.count()
    let outcome = try await chaek.addBook(BookDraft(title: "채식주의자", isbn: "978-89-364-3359-8"), for: .owner)
    guard case .known(let known) = outcome else {
      Issue.record("a second copy was added: \(outcome)")
      return
    }
    #expect(known.title == "채식주의자" && known.publisher == "창비")
    #expect(try await chaek.catalog.count() == count)
    #expect(try await chaek.savedIDs(for: .owner).isEmpty)
  }

  @Test func aRefusedDraftChangesNothing() async throws {
    let count = try await chaek.catalog.count()
    for draft in [
      BookDraft(title: "체크 숫자가 틀린 책", isbn: "9788936433599"), BookDraft(title: "  "),
      BookDraft(title: "쪽수가 없는 책", pages: 0), BookDraft(title: String(repeating: "가", count: 501)),
      BookDraft(title: "저자가 너무 많은 책", authors: (1...21).map { "저자 \($0)" }),
      BookDraft(title: "제목\u{0}뒤"), BookDraft(title: "소개", contents: "앞\u{0}뒤"),
    ] {
      await #expect(throws: LibraryError.self, "\(draft.title.prefix(10))") {
        try await chaek.addBook(draft, for: .owner)
      }
    }
    #expect(try await chaek.catalog.count() == count)
    #expect(try await chaek.savedIDs(for: .owner).isEmpty)
  }

  @Test func anEditIsStoredAsTypedAndAnISBNMovesTheJournalToTheNewIdentity() async throws {
    let book = try await added()
    _ = try await chaek.updateEntry(
      book.id, try EntryChange(rating: .some(StarRating(stars: 4))), today: .today(), for: .owner)
    let edited = try await chaek.editBook(
      book.id, to: BookDraft(title: "우리 동네 작은 책방", authors: ["김서점"], isbn: "979-11-88862-29-0"), for: .owner)
    #expect(
      edited.id.rawValue == "9791188862290" && edited.publisher.isEmpty && edited.pages == nil, "as typed")
    #expect(edited.url == book.url)
    #expect(try await chaek.entry(edited.id, for: .owner)?.rating?.stars == 4, "the journal followed")
    #expect(try await chaek.entry(book.id, for: .owner) == nil)
    #expect(try await titles("작은 책방") == ["우리 동네 작은 책방"])
    #expect(try await !titles("책방 이야기").contains { $0.contains("책방") }, "the old title left the index")
    #expect(try await chaek.catalog.book(book.id)?.id == edited.id, "the old identity finds the book")

    // An ISBN another book has is refused.
    await #expect(throws: LibraryError.self) {
      try await chaek.editBook(edited.id, to: BookDraft(title: "x", isbn: "9788936433598"), for: .owner)
    }
    // A book not added by hand is not edited.
    let starter = try #require(try await chaek.catalog.book(BookID(parsing: "9788936433598")!))
    _ = try await chaek.save(starter, for: .owner)
    await #expect(throws: LibraryError.self) {
      try await chaek.editBook(starter.id, to: BookDraft(title: "다른 제목"), for: .owner)
    }
  }

  @Test func onlyTheReaderWhoAddedABookMayEditItOrItsPhoto() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: false)
    let other = try await chaek.addReader(name: "준호", password: "battery staple", admin: false)
    let book = try await added()  // by the owner, whose library 민지 took over
    _ = try await chaek.save(book, for: other)
    await #expect(throws: LibraryError.self) {
      try await chaek.editBook(book.id, to: BookDraft(title: "남의 책"), for: other)
    }
    let photo = Data(PNG.encode(try GrayImage(width: 4, height: 6, pixels: [UInt8](repeating: 1, count: 24))))
    await #expect(throws: LibraryError.self) { try await chaek.setCover(photo, of: book.id, for: other) }
    #expect(try await chaek.catalog.book(book.id) == book, "nothing changed")
    // A forged copy in their library does not make a book theirs to edit.
    var forged = try #require(try await chaek.catalog.book(BookID(parsing: "9788936433598")!))
    forged.url = book.url
    _ = try await chaek.save(forged, for: other)
    await #expect(throws: LibraryError.self) {
      try await chaek.editBook(forged.id, to: BookDraft(title: "빼앗은 책"), for: other)
    }
    #expect(try await chaek.catalog.book(forged.id)?.title == "채식주의자")
  }

  @Test func aCoverPhotoIsStoredWithinItsBoundsAndReplacedUnderANewAddress() async throws {
    let book = try await added()
    let photo = Data(
      PNG.encode(try GrayImage(width: 40, height: 60, pixels: [UInt8](repeating: 128, count: 2_400))))
    let covered = try await chaek.setCover(photo, of: book.id, for: .owner)
    let key = String(book.url.dropFirst(Catalog.handPagePrefix.count))
    #expect(covered.thumbnail == "/covers/hand/\(key).png?v=1")
    #expect(try await chaek.book(book.id, for: .owner)?.thumbnail == covered.thumbnail)
    let stored = try #require(try await chaek.coverPhoto(key: key))
    #expect(stored.image == photo && stored.mediaType == "image/png")
    #expect(try await chaek.setCover(photo, of: book.id, for: .owner).thumbnail.hasSuffix("?v=2"))

    for refused in [
      Data("not a picture".utf8), Data(repeating: 0, count: Chaek.maximumCoverBytes + 1),
      Data(PNG.encode(try GrayImage(width: 2_001, height: 1, pixels: [UInt8](repeating: 0, count: 2_001)))),
    ] {
      await #expect(throws: LibraryError.self) { try await chaek.setCover(refused, of: book.id, for: .owner) }
    }
    _ = try await chaek.remove(book.id, for: .owner)
    await #expect(throws: LibraryError.notSaved(book.id)) {
      try await chaek.setCover(photo, of: book.id, for: .owner)
    }
  }

  @Test func aBackupBringsTheBookAndItsPhotoBackOnAnotherChaek() async throws {
    let book = try await added()
    let photo = Data(
      PNG.encode(try GrayImage(width: 40, height: 60, pixels: [UInt8](repeating: 128, count: 2_400))))
    let first = Data(PNG.encode(try GrayImage(width: 4, height: 6, pixels: [UInt8](repeating: 1, count: 24))))
    _ = try await chaek.setCover(first, of: book.id, for: .owner)
    let covered = try await chaek.setCover(photo, of: book.id, for: .owner)
    #expect(covered.thumbnail.hasSuffix("?v=2"))
    let backup = try await chaek.export(.json, for: .owner).data
    let key = try Catalog.handKey(of: book)
    #expect(
      try LibraryBackup.decode(backup).covers == [LibraryBackup.Cover(key: key, kind: "png", image: photo)])

    let elsewhere = try await offlineChaek()
    _ = try await elsewhere.restore(backup, for: .owner)
    let found = try await elsewhere.catalog.search(SearchQuery(query: "동네 책방")).documents.map(\.title)
    #expect(found == ["우리 동네 책방 이야기"], "searched as before")
    #expect(try await elsewhere.coverPhoto(key: key)?.image == photo, "its photo shown as before")
    #expect(try await elsewhere.book(book.id, for: .owner)?.thumbnail == covered.thumbnail, "at its address")
    #expect(try await elsewhere.export(.json, for: .owner).data == backup, "backed up again, the same bytes")
    let again = try await elsewhere.setCover(photo, of: book.id, for: .owner)
    #expect(again.thumbnail.hasSuffix("?v=3"), "a later photo never takes an address an earlier one had")
  }

  @Test func aBackupHoldsThePhotosOfTheBooksTheReaderAddedOnly() async throws {
    _ = try await chaek.addReader(name: "민지", password: "correct horse", admin: false)
    let other = try await chaek.addReader(name: "준호", password: "battery staple", admin: false)
    let book = try await added()  // by the owner, whose library 민지 took over
    let photo = Data(PNG.encode(try GrayImage(width: 4, height: 6, pixels: [UInt8](repeating: 1, count: 24))))
    _ = try await chaek.setCover(photo, of: book.id, for: .owner)
    _ = try await chaek.save(book, for: other)
    let theirs = try LibraryBackup.decode(try await chaek.export(.json, for: other).data)
    #expect(theirs.books.map(\.book.id) == [book.id] && theirs.covers.isEmpty)
    #expect(try LibraryBackup.decode(try await chaek.export(.json, for: .owner).data).covers.count == 1)
  }

  @Test func aBackupWithABadBookOrPhotoRestoresNothing() async throws {
    let book = try await added()
    let good = try LibraryBackup.decode(try await chaek.export(.json, for: .owner).data)
    let key = try Catalog.handKey(of: book)
    var cases: [(LibraryBackup, String)] = []
    var backup = good
    backup.covers = [LibraryBackup.Cover(key: key, kind: "png", image: Data("not a picture".utf8))]
    cases.append((backup, "a JPEG or PNG"))
    backup.covers = [LibraryBackup.Cover(key: "0000", kind: "png", image: Data())]
    cases.append((backup, "no book of the backup added by hand"))
    backup = good
    backup.books[0].book.url = Catalog.handPagePrefix + "../x"
    cases.append((backup, "only a book added by hand"))
    backup = good
    backup.books[0].book.title = "제목\u{7}"
    cases.append((backup, "a control character"))
    for (backup, reason) in cases {
      let elsewhere = try await offlineChaek()
      await #expect {
        try await elsewhere.restore(try backup.encoded(), for: .owner)
      } throws: { error in
        guard case LibraryError.invalid(let message) = error else { return false }
        return message.contains(reason)
      }
      #expect(try await elsewhere.savedIDs(for: .owner).isEmpty, "nothing restored")
      #expect(try await elsewhere.catalog.book(book.id) == nil)
    }
  }
}
