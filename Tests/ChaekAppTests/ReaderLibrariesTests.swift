import Synchronization
import Testing
import UserLibrary

@testable import ChaekApp

@Suite("Readers' libraries are opened on first use, once, and the least used are let go")
struct ReaderLibrariesTests {
  @Test func theLibrariesUsedLastStayOpenAndOneLetGoOpensAgain() async throws {
    let opens = Mutex<[String]>([])
    let libraries = ReaderLibraries(
      open: { file in
        opens.withLock { $0.append(file) }
        return try Library(path: ":memory:")
      }, remove: { _ in })
    let files = (0...ReaderLibraries.keptCount).map { "readers/\($0).sqlite" }
    let first = try await libraries.library(files[0], catalog: nil)
    for file in files.dropFirst() { _ = try await libraries.library(file, catalog: nil) }
    #expect(opens.withLock { $0 } == files, "each opened once")
    #expect(await libraries.all.count == ReaderLibraries.keptCount)

    // The first was used least lately: it was let go, and opens again (another instance).
    let again = try await libraries.library(files[0], catalog: nil)
    #expect(again !== first)
    #expect(opens.withLock { $0.count } == files.count + 1)
    // The last one stayed open: asked again, it is the same.
    _ = try await libraries.library(files.last!, catalog: nil)
    #expect(opens.withLock { $0.count } == files.count + 1)
  }

  @Test func aDeletedLibraryIsNotMadeAgainByARequestStillUnderWayUntilAnAccountGetsIt() async throws {
    let files = Mutex<Set<String>>([])
    let libraries = ReaderLibraries(
      open: { file in
        try await Task.sleep(for: .milliseconds(50))
        files.withLock { _ = $0.insert(file) }
        return try Library(path: ":memory:")
      }, remove: { file in files.withLock { _ = $0.remove(file) } })
    let file = "readers/3.sqlite"
    let underWay = Task { try await libraries.library(file, catalog: nil) }
    try await Task.sleep(for: .milliseconds(10))
    try await libraries.delete(file)
    await #expect(throws: SignInError.signedOut) { _ = try await underWay.value }
    await #expect(throws: SignInError.signedOut) { _ = try await libraries.library(file, catalog: nil) }
    #expect(files.withLock { $0 }.isEmpty, "the library stays deleted")

    await libraries.reuse(file)
    _ = try await libraries.library(file, catalog: nil)
    #expect(files.withLock { $0 } == [file])
  }

  @Test func callersAskingTogetherShareOneOpening() async throws {
    let opens = Mutex(0)
    let libraries = ReaderLibraries(
      open: { _ in
        opens.withLock { $0 += 1 }
        try await Task.sleep(for: .milliseconds(50))
        return try Library(path: ":memory:")
      }, remove: { _ in })
    let opened = try await withThrowingTaskGroup(of: Library.self) { group in
      for _ in 0..<8 { group.addTask { try await libraries.library("readers/2.sqlite", catalog: nil) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(opens.withLock { $0 } == 1)
    #expect(opened.allSatisfy { $0 === opened[0] })
  }
}
