import CSodium

extension PasswordHasher {
  /// How much work a new hash takes: Argon2id's passes over its memory and the memory itself.
  ///
  /// It decides the cost of ``PasswordHasher/hash(_:)`` only: a verification costs what the stored
  /// hash says it was made with (its `m=`, `t=` and `p=`), whatever the hasher's strength.
  public struct Strength: Sendable, Hashable, CustomStringConvertible {
    /// Argon2id's passes over the memory (libsodium's `opslimit`).
    public let operations: Int
    /// The memory one hash takes, in bytes (libsodium's `memlimit`).
    public let memoryBytes: Int

    /// libsodium's interactive limits (`crypto_pwhash_OPSLIMIT_INTERACTIVE`,
    /// `crypto_pwhash_MEMLIMIT_INTERACTIVE`): 2 passes over 64 MiB, a tenth of a second or so of a
    /// core. The strength for people's passwords.
    public static let interactive = Strength(
      operations: crypto_pwhash_opslimit_interactive(), memoryBytes: crypto_pwhash_memlimit_interactive())

    /// libsodium's least (`crypto_pwhash_OPSLIMIT_MIN`, `crypto_pwhash_MEMLIMIT_MIN`): 1 pass over
    /// 8 KiB. For tests only: it protects nothing.
    public static let minimum = Strength(
      operations: crypto_pwhash_opslimit_min(), memoryBytes: crypto_pwhash_memlimit_min())

    /// `"Argon2id, 2 passes over 64 MiB"`.
    public var description: String {
      let memory =
        memoryBytes >= 1 << 20 && memoryBytes % (1 << 20) == 0
        ? "\(memoryBytes >> 20) MiB" : "\(memoryBytes >> 10) KiB"
      return "Argon2id, \(operations) pass\(operations == 1 ? "" : "es") over \(memory)"
    }
  }
}
