/// The 64-bit FNV-1a hash: the same in every process and on every machine (Swift's `Hasher` is
/// seeded per process), for keys that are stored: book identities, page keys, file checkpoints.
public enum FNV1a {
  /// The hash of `bytes`.
  public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
