import CSodium

/// Random secrets for links and sessions (a sign-in's cookie, a password reset's link), and the
/// digests a store keeps instead of them.
///
/// A token is 256 random bits, so a plain SHA-256 of it is enough to store: no one can guess their
/// way back from the digest to the token, as they could from a fast hash of a password.
public enum SecretToken {
  /// The random bytes in a token.
  public static let byteCount = 32

  /// A new token: 32 random bytes (`randombytes_buf`) as base64url without padding, 43 characters
  /// of `A`–`Z`, `a`–`z`, `0`–`9`, `-` and `_`, safe in a URL and a cookie as they are.
  public static func random() -> String {
    Sodium.start()
    var bytes = [UInt8](repeating: 0, count: byteCount)
    randombytes_buf(&bytes, bytes.count)
    let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
    var text = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
    _ = sodium_bin2base64(&text, text.count, bytes, bytes.count, variant)
    return text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  /// The SHA-256 (`crypto_hash_sha256`) of the token's UTF-8, as 64 lowercase hex digits: what a
  /// store keeps, and looks a presented token up by.
  public static func digest(_ token: String) -> String {
    Sodium.start()
    let bytes = Array(token.utf8)
    var sum = [UInt8](repeating: 0, count: crypto_hash_sha256_bytes())
    _ = crypto_hash_sha256(&sum, bytes, UInt64(bytes.count))
    var hex = [CChar](repeating: 0, count: sum.count * 2 + 1)
    _ = sodium_bin2hex(&hex, hex.count, sum, sum.count)
    return hex.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
}
