import CSQLite

extension DatabaseError {
  /// A primary SQLite result code, to `catch` on:
  ///
  /// ```swift
  /// do { try await database.write { … } } catch DatabaseError.Code.busy { … }
  /// ```
  public struct Code: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, ...).
    public let rawValue: Int32

    /// The code `rawValue`; an extended code is reduced to its primary one.
    public init(_ rawValue: Int32) { self.rawValue = rawValue & 0xFF }

    /// Another connection holds a lock longer than the busy timeout (`SQLITE_BUSY`).
    public static let busy = Code(SQLITE_BUSY)
    /// A lock held within this connection's process conflicts (`SQLITE_LOCKED`).
    public static let locked = Code(SQLITE_LOCKED)
    /// A unique, not-null, foreign-key or check constraint failed (`SQLITE_CONSTRAINT`).
    public static let constraint = Code(SQLITE_CONSTRAINT)
    /// A read reached its limit (`SQLITE_INTERRUPT`; see ``Database/read(within:_:)``).
    public static let interrupted = Code(SQLITE_INTERRUPT)
    /// A write was tried on a connection that cannot write, such as a read's (`SQLITE_READONLY`).
    public static let readOnly = Code(SQLITE_READONLY)
    /// The file is damaged (`SQLITE_CORRUPT`).
    public static let corrupt = Code(SQLITE_CORRUPT)
    /// The file is not a database (`SQLITE_NOTADB`).
    public static let notADatabase = Code(SQLITE_NOTADB)
    /// The disk is full (`SQLITE_FULL`).
    public static let diskFull = Code(SQLITE_FULL)
    /// The file cannot be opened (`SQLITE_CANTOPEN`).
    public static let cannotOpen = Code(SQLITE_CANTOPEN)
    /// The operating system reported an I/O error (`SQLITE_IOERR`).
    public static let ioError = Code(SQLITE_IOERR)

    public var description: String { String(cString: sqlite3_errstr(rawValue)) }

    /// `true` when `error` is a ``DatabaseError`` with this primary code: what `catch Code.busy` asks.
    public static func ~= (code: Code, error: any Error) -> Bool {
      (error as? DatabaseError)?.resultCode == code
    }
  }

  /// The error's primary result code.
  public var resultCode: Code { Code(code) }
}
