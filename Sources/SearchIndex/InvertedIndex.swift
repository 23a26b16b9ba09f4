import Storage

/// An inverted index in SQLite tables beside its caller's data: the entry point of the
/// `SearchIndex` module, Chaek's search engine. It knows documents only as fields: the caller maps
/// its records to ``Document``s and its queries to ``Query``s. The engine's parts:
///
/// - ``Analyzer``: text to tokens (folded Latin words, Hangul bigrams, 초성 n-grams) and keys.
/// - ``Field`` and ``Term``: a token in a field, what postings are kept of.
/// - ``Document``: an id, its terms, its sort keys (rank and day) and its stored fields.
/// - ``IndexWriter``: adds and removes documents, writing once at the end of a transaction.
/// - ``IndexBuilder``: builds the whole index from every document, a chunk of ids at a time.
/// - ``Query``: terms, prefixes, conjunctions, disjunctions and phrases, as a tree.
/// - ``Searcher``: evaluates a query to a ``DocIDSet`` (a roaring doc-id set), and collects a page
///   of matches (``TopDocs``) in ``Tier``s and an ``Order`` with a top-N collector.
/// - ``RankCache``: every document's sort keys, in memory, shared by the searchers of one file.
///
/// Its tables:
/// - `search_terms`: every term (``Term``) with its document count: the vocabulary that prefixes
///   and typos expand into (``Searcher/completions(of:limit:)``, ``Searcher/vocabulary(among:)``);
///   and the id of a term's only document, when it has one (most terms: a title whole, a rare
///   word).
/// - `search_postings`: for every term of more documents, their ids, one row per 65,536-id chunk
///   (see ``Postings``).
/// - `search_ranks`: per chunk, every document's rank and day, read by ``RankCache``.
/// - `search_keys`: every document's stored fields, one column each.
/// - The completion structure, read by ``Searcher/suggestions(for:in:limit:)``: for every
///   completion key of a text documents suggest (a title, a name; see ``Document/suggestions``),
///   its best-ranked document and text, under the key and under its 초성
///   (`search_suggestion_keys`); the documents of the key, one row per chunk (as ``Postings``), but for
///   a best document alone in its chunk (`search_suggestion_docs`); and for each prefix that
///   begins more than ``crowdedPrefix`` keys, its ``keptPerPrefix`` best keys
///   (`search_suggestion_tops`).
/// - `search_meta`: the versions the index was written with.
///
/// A document's update removes its old terms as the caller makes them again, so the index must
/// hold what the analyzer and the caller make of every document today. Any change to what they
/// make raises a version (``Analyzer/version``, ``documentVersion``), as any change to the tables
/// or the postings codec raises ``formatVersion``; an index written with other versions is rebuilt
/// when next opened: ``isCurrent(on:)`` tells, ``reset(on:)`` empties it, and the caller adds
/// every document again (or an ``IndexBuilder`` does). A writer of many documents may store them
/// without the index and build it whole at the end (``markStale(on:)``).
public struct InvertedIndex: Sendable {
  /// The version of the tables and the postings codec.
  public static let formatVersion = 6

  /// The fields stored with each document, one column of `search_keys` each.
  public let storedFields: [StoredField]
  /// The version of what the caller makes of its records (which terms in which fields, which
  /// stored texts): raise it with any change, and every index is rebuilt when next opened.
  public let documentVersion: Int
  /// The most completion keys a prefix may begin and be read whole, ranked as it is read; a
  /// prefix of more keeps its best in `search_suggestion_tops`.
  public let crowdedPrefix: Int
  /// The best keys kept of a crowded prefix: enough for any completion list.
  public let keptPerPrefix: Int

  /// An index whose documents store `storedFields`, as the caller's `documentVersion` makes them.
  /// `crowdedPrefix` and `keptPerPrefix` shape the completion structure (small ones test it).
  public init(
    storedFields: [StoredField], documentVersion: Int, crowdedPrefix: Int = 256, keptPerPrefix: Int = 64
  ) {
    precondition(!storedFields.contains(where: \.isSupplied), "a supplied field is not stored")
    precondition(crowdedPrefix >= 1 && keptPerPrefix >= 1, "a crowded prefix keeps at least one key")
    self.crowdedPrefix = crowdedPrefix
    self.keptPerPrefix = keptPerPrefix
    self.storedFields = storedFields
    self.documentVersion = documentVersion
  }

  /// A writer of documents to this index; its changes are stored by ``IndexWriter/write(on:)``.
  public func writer() -> IndexWriter {
    IndexWriter(index: self)
  }

  /// A builder of this index from nothing, on `connection`, in its transaction: the index is
  /// emptied now, and whole again once ``IndexBuilder/finish()`` returns.
  public func builder(on connection: Connection) throws -> IndexBuilder {
    try IndexBuilder(index: self, on: connection)
  }

  /// A searcher on `connection`, for one search in one read transaction: it caches what it reads.
  /// `ranks` is the cache every searcher of the file shares; `texts` supplies the supplied fields.
  public func searcher(on connection: Connection, ranks: RankCache, texts: (any TextSupplier)? = nil)
    -> Searcher
  {
    Searcher(connection: connection, rankCache: ranks, supplier: texts, keptPerPrefix: keptPerPrefix)
  }
}
