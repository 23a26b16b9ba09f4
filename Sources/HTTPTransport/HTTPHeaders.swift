/// HTTP header fields in the order they were added, looked up without regard to the case of names.
///
/// A name may occur several times (``add(_:_:)``); the subscript reads the first value and
/// replaces all of them.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral {
  /// One header field.
  public typealias Element = (name: String, value: String)

  private var fields: [Element] = []

  /// No headers.
  public init() {}

  /// The given headers, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { (name: $0.0, value: $0.1) }
  }

  // MARK: - Access

  /// The first value of the header `name`, in any case; setting replaces every value (`nil` removes).
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      fields.removeAll { Self.same($0.name, name) }
      if let newValue { fields.append((name: name, value: newValue)) }
    }
  }

  /// Adds a value for `name`, keeping the values it already has.
  public mutating func add(_ name: String, _ value: String) {
    fields.append((name: name, value: value))
  }

  /// Every value of the header `name`, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// `true` when there is no header.
  public var isEmpty: Bool { fields.isEmpty }

  /// The fields in order, each name as it was given.
  public func makeIterator() -> IndexingIterator<[Element]> { fields.makeIterator() }

  /// `true` when both have the same fields in the same order, names compared without case.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.elementsEqual(rhs.fields) {
      $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value
    }
  }

  private static func same(_ lhs: String, _ rhs: String) -> Bool {
    // Field names are ASCII tokens (a request's are refused otherwise), where `==` is byte
    // equality, at once for the same literal; else byte by byte, letters in either case, no copy.
    lhs == rhs
      || lhs.utf8.count == rhs.utf8.count
        && zip(lhs.utf8, rhs.utf8).allSatisfy { left, right in
          left == right || (left | 0x20 == right | 0x20 && (0x61...0x7A).contains(left | 0x20))
        }
  }
}
