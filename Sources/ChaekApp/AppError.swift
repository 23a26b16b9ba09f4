/// Chaek cannot start as configured: a data directory it cannot create, a provider setting it
/// cannot use. The message names what to fix.
public struct AppError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, and which directory or variable to fix.
  public let message: String
  public var description: String { message }

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
}
