// The standard methods are named as HTTP spells them (`.GET`), as the request line does.
// swift-format-ignore-file: AlwaysUseLowerCamelCase

/// An HTTP request method, as the request line spells it (`GET`, `POST`, ...).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The method's name, upper case for the standard ones.
  public let rawValue: String

  /// A method with this name; standard names are case-sensitive and upper case.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `GET`: read a resource.
  public static let GET = HTTPMethod(rawValue: "GET")
  /// `HEAD`: `GET` without the body.
  public static let HEAD = HTTPMethod(rawValue: "HEAD")
  /// `POST`: submit data.
  public static let POST = HTTPMethod(rawValue: "POST")
  /// `PUT`: create or replace a resource.
  public static let PUT = HTTPMethod(rawValue: "PUT")
  /// `DELETE`: remove a resource.
  public static let DELETE = HTTPMethod(rawValue: "DELETE")
  /// `PATCH`: change part of a resource.
  public static let PATCH = HTTPMethod(rawValue: "PATCH")
  /// `OPTIONS`: ask what a resource allows.
  public static let OPTIONS = HTTPMethod(rawValue: "OPTIONS")

  /// The method's name.
  public var description: String { rawValue }
}
