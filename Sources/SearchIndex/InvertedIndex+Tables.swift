import Storage

extension InvertedIndex {
  /// `true` when the index's tables were written with today's versions: the format, the analyzer
  /// and the documents'. An index from before the versions were stored, or marked stale
  /// (``markStale(on:)``), is not current.
  public func isCurrent(on connection: Connection) throws -> Bool {
    let tables = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'search_meta'"
    guard try connection.integer(tables) == 1 else { return false }
    let stored = try connection.query("SELECT name, version FROM search_meta") { ($0.text(0), $0.int(1)) }
    return Dictionary(stored, uniquingKeysWith: { $1 }) == versions
  }

  /// Marks the index as behind its documents, in the caller's transaction: their writer stored
  /// some without it, to build it whole later. It is not current (``isCurrent(on:)``) until then,
  /// so that whoever opens the file before (after a `kill -9` of that writer) rebuilds it.
  public func markStale(on connection: Connection) throws {
    try connection.run("INSERT OR REPLACE INTO search_meta (name, version) VALUES ('stale', 1)")
  }

  /// Creates the index's tables, empty, at today's versions, in place of any index there was; the
  /// caller then adds every document. `search_ranks` stays, each chunk's row to be written again
  /// with a higher version, so that a process that cached a chunk reloads it.
  public func reset(on connection: Connection) throws {
    let columns = storedFields.map { ", \($0.name) TEXT NOT NULL" }.joined()
    try connection.execute(
      """
      DROP TABLE IF EXISTS search_postings;
      DROP TABLE IF EXISTS search_terms;
      DROP TABLE IF EXISTS search_keys;
      DROP TABLE IF EXISTS search_meta;
      DROP TABLE IF EXISTS search_suggestions;
      DROP TABLE IF EXISTS search_suggestion_keys;
      DROP TABLE IF EXISTS search_suggestion_docs;
      DROP TABLE IF EXISTS search_suggestion_tops;
      CREATE TABLE search_postings (
        term TEXT NOT NULL,
        chunk INTEGER NOT NULL,
        docs BLOB NOT NULL,
        PRIMARY KEY (term, chunk)
      ) WITHOUT ROWID;
      CREATE TABLE search_terms (term TEXT PRIMARY KEY, docs INTEGER NOT NULL, doc INTEGER) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS search_ranks (
        chunk INTEGER PRIMARY KEY,
        version INTEGER NOT NULL,
        popularity BLOB NOT NULL,
        day BLOB NOT NULL
      );
      CREATE TABLE search_keys (rowid INTEGER PRIMARY KEY\(columns));
      CREATE TABLE search_suggestion_keys (
        space TEXT NOT NULL,
        key TEXT NOT NULL,
        doc INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (space, key)
      ) WITHOUT ROWID;
      CREATE TABLE search_suggestion_docs (
        space TEXT NOT NULL,
        key TEXT NOT NULL,
        chunk INTEGER NOT NULL,
        docs BLOB NOT NULL,
        PRIMARY KEY (space, key, chunk)
      ) WITHOUT ROWID;
      CREATE TABLE search_suggestion_tops (
        space TEXT NOT NULL,
        prefix TEXT NOT NULL,
        key TEXT NOT NULL,
        rank INTEGER NOT NULL,
        PRIMARY KEY (space, prefix, key)
      ) WITHOUT ROWID;
      CREATE TABLE search_meta (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
      """)
    for (name, version) in versions {
      try connection.run("INSERT INTO search_meta (name, version) VALUES (?, ?)", [name, version])
    }
  }

  /// A batch of documents' stored fields (each row an id, then its texts in the order of
  /// ``storedFields``), each in place of any the document had.
  func storing(on connection: Connection) -> BatchInsert {
    BatchInsert(
      "INSERT OR REPLACE", into: "search_keys", columns: ["rowid"] + storedFields.map(\.name), on: connection)
  }

  /// The texts of a document's stored fields, in the order of ``storedFields``.
  func storedTexts(of document: Document) -> [String] {
    storedFields.map { document.stored[$0] ?? "" }
  }

  /// The versions an index is written with, by name, and the shape of its completion structure.
  private var versions: [String: Int] {
    [
      "format": Self.formatVersion, "analyzer": Analyzer.version, "documents": documentVersion,
      "crowded_prefix": crowdedPrefix, "kept_per_prefix": keptPerPrefix,
    ]
  }
}
