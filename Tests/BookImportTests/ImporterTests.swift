import BookModel
import Foundation
import Synchronization
import Testing

@testable import BookImport

/// A sink that keeps what it is given, counting every book stored as added, and its checkpoints
/// as a catalog does.
final class MemorySink: ImportSink {
  private struct State {
    var events: [String] = []
    var books: [ImportedBook] = []
    var checkpoints: [String: ImportCheckpoint] = [:]
    var file: String?
  }
  private let state = Mutex(State())
  var events: [String] { state.withLock { $0.events } }
  var books: [ImportedBook] { state.withLock { $0.books } }
  var checkpoints: [String: ImportCheckpoint] { state.withLock { $0.checkpoints } }

  func beginImport(resuming file: String?) async throws -> ImportCheckpoint? {
    state.withLock {
      $0.events.append("begin")
      $0.file = file
      return file.flatMap { [checkpoints = $0.checkpoints] in checkpoints[$0] }
    }
  }

  func store(_ batch: [ImportedBook], checkpoint: ImportCheckpoint?) async throws -> StoredBatch {
    state.withLock {
      $0.events.append("store \(batch.count)")
      $0.books += batch
      if let checkpoint { $0.checkpoints[checkpoint.file] = checkpoint }
    }
    return StoredBatch()
  }

  func finishImport() async throws -> ImportCounts {
    state.withLock {
      $0.events.append("finish")
      if let file = $0.file { $0.checkpoints[file] = nil }
      return ImportCounts(added: $0.books.count, updated: 0, unchanged: 0)
    }
  }

  func abandonImport() async { state.withLock { $0.events.append("abandon") } }
}

@Suite("Importer: a file read into a sink in batches")
struct ImporterTests {
  /// Five Kakao documents as JSON lines, the third one broken.
  private static let lines = [
    #"{"title":"하나","isbn":"9788936433598"}"#, #"{"title":"둘"}"#, "{broken", #"{"title":"넷"}"#,
    #"{"title":"다섯"}"#,
  ].joined(separator: "\n")

  @Test func storesEveryReadableRowInBatchesBetweenBeginAndFinish() async throws {
    let sink = MemorySink()
    var fractions: [Double] = []
    let report = try await Importer(format: .kakao, batchSize: 2).read(Data(Self.lines.utf8), into: sink) {
      fractions.append($0.fraction)
    }
    #expect(sink.events == ["begin", "store 2", "store 2", "finish"])
    #expect(sink.books.map(\.book.title) == ["하나", "둘", "넷", "다섯"])
    #expect(report.read == 4 && report.added == 4 && report.skippedCount == 1)
    #expect(report.skipped.map(\.line) == [3])
    #expect(fractions.last == 1)
  }

  @Test func readsAFileAChunkAtATimeAsItReadsData() async throws {
    let url = FileManager.default.temporaryDirectory.appending(path: "importer-\(UUID()).jsonl")
    try Data(Self.lines.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let fromFile = try await Importer(format: .kakao).read(contentsOf: url, into: MemorySink())
    let fromData = try await Importer(format: .kakao).read(Data(Self.lines.utf8), into: MemorySink())
    #expect(fromFile == fromData)
  }

  @Test func theSinkGetsEachBooksLineAndTheReadersDataWhereTheFormatHoldsIt() async throws {
    let storyGraph = MemorySink()
    _ = try await Importer(format: .storygraph).read(
      Data(StoryGraphImportTests.export.utf8), into: storyGraph)
    #expect(storyGraph.books.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 10, 11])
    #expect(storyGraph.books.first?.reading?.rating == stars(3.75))
    let kakao = MemorySink()
    _ = try await Importer(format: .kakao).read(Data(Self.lines.utf8), into: kakao)
    #expect(kakao.books.map(\.line) == [1, 2, 4, 5])
    #expect(kakao.books.allSatisfy { $0.reading == nil }, "Kakao data has no reader")
  }

  @Test func anEmptyFileIsRefusedBeforeTheSinkIsTouched() async throws {
    let sink = MemorySink()
    await #expect(throws: ImportError.emptyFile) {
      try await Importer(format: .kakao).read(Data("  \n".utf8), into: sink)
    }
    #expect(sink.events.isEmpty)
  }

  @Test func aCancelledImportStopsAtItsNextCheckKeepingTheBatchesStored() async throws {
    let text = (0..<1_000).map { #"{"title":"Book \#($0)"}"# }.joined(separator: "\n")
    let sink = MemorySink()
    // Cancelled once its first batch is stored.
    let importing = Task {
      try await Importer(format: .kakao, batchSize: 10).read(Data(text.utf8), into: sink) { _ in
        withUnsafeCurrentTask { $0?.cancel() }
      }
    }
    let error = await #expect(throws: ImportFailure.self) { try await importing.value }
    guard case .interrupted(let storedBooks, let cause) = error else {
      Issue.record("not interrupted: \(String(describing: error))")
      return
    }
    #expect(cause is CancellationError)
    #expect(storedBooks == Importer.rowsBetweenYields, "stopped at the first check after the cancel")
    #expect(sink.events.last == "abandon" && sink.books.count == storedBooks)
    #expect(error?.description.contains("storing 100 books, which are kept") == true)
  }

  @Test func aFileThatCannotBeReadToItsEndInterruptsTheImport() async throws {
    struct DiskFailure: Error {}
    // Two chunks of JSON lines, then the read fails.
    var chunks = [Self.lines + "\n", #"{"title":"여섯"}"# + "\n"].map { [UInt8]($0.utf8) }
    let window = ByteWindow(chunks: {
      guard !chunks.isEmpty else { throw DiskFailure() }
      return chunks.removeFirst()
    })
    let sink = MemorySink()
    let error = await #expect(throws: ImportFailure.self) {
      try await Importer(format: .kakao).read(window, byteCount: 1 << 20, file: nil, into: sink) { _ in }
    }
    guard case .interrupted(let storedBooks, let cause) = error else {
      Issue.record("not interrupted: \(String(describing: error))")
      return
    }
    #expect(cause is DiskFailure)
    #expect(storedBooks == 5 && sink.books.map(\.book.title).last == "여섯")
    #expect(sink.events == ["begin", "store 5", "abandon"], "never finished as if the file were whole")
  }
}
