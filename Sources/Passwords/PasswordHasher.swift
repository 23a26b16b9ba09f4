import CSodium
import Foundation
import Synchronization

/// Hashes passwords for storage and checks passwords against stored hashes, with Argon2id
/// (libsodium's `crypto_pwhash_str`).
///
/// A hash is a self-describing string (`$argon2id$v=19$m=65536,t=2,p=1$<salt>$<hash>`): it holds its
/// own random salt and the strength it was made with, so it is all a store keeps, and hashes of
/// different strengths verify side by side.
///
/// Passwords are hashed as their UTF-8 in Unicode Normalization Form C (RFC 8265's rule for
/// passwords), so that 한글 typed as composed syllables on one device and as jamo on another is the
/// same password.
///
/// At most ``concurrentHashes`` hashes and verifications run at once, each on a thread of the
/// hasher's own (at the interactive strength each takes 64 MiB and most of a core); the others wait
/// suspended, holding no thread of the tasks' shared pool.
public final class PasswordHasher: Sendable {
  /// The strength of new hashes.
  public let strength: Strength
  /// The lanes hashes run on.
  let lanes: HashingLanes
  /// The hash ``verifyNothing(_:)`` verifies against, once the first call has made it.
  private let dummy = Mutex<String?>(nil)

  /// A hasher making hashes of `strength`, running at most `concurrentHashes` (at least 1) hashes
  /// and verifications at once.
  public init(strength: Strength = .interactive, concurrentHashes: Int = 2) {
    Sodium.start()
    self.strength = strength
    lanes = HashingLanes(count: concurrentHashes)
  }

  /// The most hashes and verifications that run at once.
  public var concurrentHashes: Int { lanes.count }

  // MARK: - Hashing and verifying

  /// A new hash of `password`, with a random salt: what a store keeps instead of the password.
  /// Two hashes of one password differ.
  /// - Throws: ``PasswordError`` when libsodium cannot hash (no memory for it); `CancellationError`
  ///   when the task is cancelled while it waits for its turn.
  public func hash(_ password: String) async throws -> String {
    let password = Self.normalized(password)
    let strength = strength
    guard let hash = try await lanes.run({ Self.hashNow(password, strength: strength) }) else {
      throw PasswordError.hashFailed(strength)
    }
    return hash
  }

  /// `true` when `password` is the one `hash` (made by ``hash(_:)``) was made from; `false` when it
  /// is not, when `hash` is not such a hash, or when the task is cancelled while it waits.
  ///
  /// It costs what `hash` says it was made with: verify only hashes that a store of this
  /// application made.
  public func verify(_ password: String, against hash: String) async -> Bool {
    guard Self.mayBeHash(hash) else { return false }
    let password = Self.normalized(password)
    return (try? await lanes.run { Self.verifyNow(password, against: hash) }) ?? false
  }

  /// Takes the time and memory of a verification, and checks nothing: for a sign-in that names no
  /// account, so that a wrong name takes as long as a wrong password and does not tell which
  /// names exist.
  ///
  /// It verifies `password` against a hash of a random secret made with the hasher's strength.
  /// The first call makes that hash instead, which costs the same.
  public func verifyNothing(_ password: String) async {
    if let dummy = dummy.withLock({ $0 }) {
      _ = await verify(password, against: dummy)
      return
    }
    guard let made = try? await hash(SecretToken.random()) else { return }
    dummy.withLock { dummy in
      if dummy == nil { dummy = made }
    }
  }

  /// The hash ``verifyNothing(_:)`` verifies against, once it is made.
  var dummyHash: String? { dummy.withLock { $0 } }

  // MARK: - libsodium

  /// `password` in Normalization Form C.
  private static func normalized(_ password: String) -> String {
    password.allSatisfy(\.isASCII) ? password : password.precomposedStringWithCanonicalMapping
  }

  /// `false` for text that cannot be a hash: empty, longer than libsodium's hashes, or with a NUL
  /// (which would end it early as a C string).
  private static func mayBeHash(_ hash: String) -> Bool {
    !hash.isEmpty && hash.utf8.count < crypto_pwhash_strbytes() && !hash.utf8.contains(0)
  }

  /// Hashes on the calling thread; `nil` when libsodium cannot.
  private static func hashNow(_ password: String, strength: Strength) -> String? {
    var out = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
    // The count, not the C string's end, says where the password ends: a NUL in it is hashed too.
    let status = password.withCString { bytes in
      crypto_pwhash_str(
        &out, bytes, UInt64(password.utf8.count), UInt64(strength.operations), strength.memoryBytes)
    }
    guard status == 0 else { return nil }
    return out.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// Verifies on the calling thread.
  private static func verifyNow(_ password: String, against hash: String) -> Bool {
    hash.withCString { hash in
      password.withCString { bytes in
        crypto_pwhash_str_verify(hash, bytes, UInt64(password.utf8.count)) == 0
      }
    }
  }
}
