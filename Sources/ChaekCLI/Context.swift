import BookModel
import BookProviders
import ChaekApp
import Foundation
import Synchronization

/// What a command runs with: the console and the environment, from which it builds Chaek's use
/// cases over the data directory.
struct Context: Sendable {
  let console: any Console
  let environment: AppEnvironment
  /// The reader named by `--user NAME`, if the command line names one.
  var user: String? = nil
  /// ``reader`` once it was found: a command asks for it several times.
  private let found = FoundReader()

  /// The reader the command acts for: the owner on a Chaek without accounts; once there are
  /// accounts, the reader `--user` names.
  /// - Throws: a usage error for `--user` without accounts, or its absence with them; a failure for
  ///   a name no reader has.
  var reader: Reader {
    get async throws {
      if let reader = found.reader.withLock({ $0 }) { return reader }
      let reader = try await findReader()
      found.reader.withLock { $0 = reader }
      return reader
    }
  }

  private func findReader() async throws -> Reader {
    let opened = found.chaek.withLock { $0 }
    let chaek: Chaek
    if let opened { chaek = opened } else { chaek = try await Chaek.open(environment: environment) }
    guard try await chaek.hasAccounts() else {
      guard let user else { return .owner }
      throw CLIError.usage(
        "--user \(user): this Chaek has no readers yet (add one with `chaek users add NAME`)")
    }
    guard let user else {
      let names = try await chaek.readers().map(\.name).joined(separator: ", ")
      throw CLIError.usage("this Chaek has readers (\(names)): say whose data with --user NAME")
    }
    do { return try await chaek.reader(named: user) } catch { throw CLIError.failure("\(error)") }
  }

  /// Chaek over the data directory, searching `--source` (`auto` when the command has no such
  /// option or it is not given); `log` hears when the provider starts failing and when it answers
  /// again. Its databases open when a use case needs them.
  func chaek(_ arguments: Arguments, log: @escaping @Sendable (String) -> Void = { _ in }) async throws
    -> Chaek
  {
    let source = arguments.declares(.source) ? arguments.choice(.source, as: SearchSource.self) : nil
    var environment = environment
    if arguments.declares(.database), let url = arguments.text(.database) {
      environment = environment.setting("CHAEK_DATABASE_URL", to: url)
    }
    let chaek = try await Chaek.open(environment: environment, source: source ?? .auto, log: log)
    found.chaek.withLock { $0 = chaek }
    return chaek
  }

  /// Finds the book a person named by id or ISBN (see ``ChaekApp/BookLookup`` for the order).
  /// - Throws: a usage error for text that is no id; ``BookModel/LibraryError/unknownBook(_:)``.
  func findBook(_ text: String, in chaek: Chaek) async throws -> Book {
    let id = try Context.bookID(text)
    guard let book = try await chaek.book(id, for: reader) else { throw LibraryError.unknownBook(id) }
    return book
  }
}

/// Where ``Context`` keeps the reader it found, and the Chaek the command made (which finding the
/// reader uses, rather than opening the stores a second time).
final class FoundReader: Sendable {
  let reader = Mutex<Reader?>(nil)
  let chaek = Mutex<Chaek?>(nil)
}
