import Foundation

/// One 65,536-id chunk of an index built from nothing (see ``IndexBuilder``), gathered in memory:
/// its documents' postings, ranks, days, stored texts and suggestions. Once ``seal()``ed, its
/// postings are sorted by term and encoded and its suggestions sorted by key, so that writing it
/// is only writing rows. A chunk needs no connection: several are gathered and sealed on threads
/// of their own while a builder writes the ones before them.
public struct IndexChunk: Sendable {
  /// The chunk's number: the ids of its documents shifted right by 16 bits.
  public let number: Int
  private let index: InvertedIndex
  private var lastID = -1

  /// The offsets of each term, ascending, until sealed.
  private var postings = TermOffsets()
  /// Every term's row once sealed (its stored form, encoded postings and number of documents),
  /// in byte order of term, as SQLite sorts them: a run of ``TermRuns``.
  private(set) var termRun: [UInt8] = []
  /// Each document's rank and day, by offset.
  private(set) var rank = [UInt32](repeating: 0, count: 1 << DocIDSet.chunkShift)
  private(set) var day = [UInt32](repeating: 0, count: 1 << DocIDSet.chunkShift)
  /// Each document's stored texts, ids ascending.
  private(set) var stored: [(id: Int, texts: [String])] = []
  /// The documents of each key, and the key's best row.
  private var suggestionsByKey: [IndexWriter.SuggestionKey: Suggested] = [:]
  /// The same once sealed, by field code and key.
  private(set) var suggestions: [(key: IndexWriter.SuggestionKey, documents: Suggested)] = []
  private var isSealed = false

  /// A key's documents in a chunk (their offsets, ascending), and its best.
  struct Suggested {
    var offsets: [UInt16]
    var best: IndexWriter.Best

    /// Adds a document's text of the key, at `offset`, whose row would be `best`: in place, as an
    /// entry taken out and put back copies its offsets each time.
    mutating func add(_ offset: UInt16, _ best: IndexWriter.Best) {
      offsets.appendUnlessLast(offset)  // a document may suggest a text twice
      if self.best.doc == best.doc || best.precedes(self.best) {
        self.best = best  // a document's last text of a key is the one kept, as a writer keeps it
      }
    }
  }

  /// An empty chunk of `index`: the one whose number is `number` (made by
  /// ``IndexBuilder/chunk(_:)``, so that its stored texts are its index's).
  init(number: Int, of index: InvertedIndex) {
    self.number = number
    self.index = index
  }

  /// The number of the chunk that holds the document of `id`.
  public static func number(of id: Int) -> Int { DocIDSet.place(id).key }

  /// The ids of the chunk's documents.
  public var ids: Range<Int> { number << DocIDSet.chunkShift..<(number + 1) << DocIDSet.chunkShift }

  /// `true` when no document was added.
  public var isEmpty: Bool { lastID < 0 }

  /// Makes room at once for the terms and suggestion keys of `documents` documents, rather than
  /// growing the tables as they fill, which hashes every term again at each doubling. A chunk of
  /// a million generated books held about 2.3 distinct terms a book.
  public mutating func reserveCapacity(documents: Int) {
    postings.reserveCapacity(documents * 5 / 2)
    suggestionsByKey.reserveCapacity(documents * 3 / 2)
  }

  /// Adds a document of this chunk, whose id is above every id added before.
  public mutating func add(_ document: Document) {
    let (number, offset) = DocIDSet.place(document.id)
    precondition(number == self.number, "a document of chunk \(number) is not one of chunk \(self.number)")
    precondition(document.id > lastID && !isSealed, "documents are added in ascending id order, then sealed")
    lastID = document.id
    postings.add(document.terms, at: offset)  // a term may be repeated
    rank[Int(offset)] = document.rank
    day[Int(offset)] = document.day
    stored.append((document.id, index.storedTexts(of: document)))
    for suggested in document.suggested {
      let key = IndexWriter.SuggestionKey(suggested)
      let best = IndexWriter.Best(doc: document.id, rank: Int(document.rank), text: suggested.text)
      suggestionsByKey[key, default: Suggested(offsets: [], best: best)].add(offset, best)
    }
  }

  /// Sorts and encodes what was gathered (once; a sealed chunk takes no more documents): the work
  /// of a chunk that is not writing, to run where it may, such as on a thread of its own.
  public mutating func seal() {
    guard !isSealed else { return }
    isSealed = true
    var gathered: [(term: String, docs: Data, count: Int)] = []
    gathered.reserveCapacity(postings.count)
    postings.drain { term, offsets in
      gathered.append((term.encoded, Postings.encode(offsets), offsets.count))
    }
    termRun = TermRuns.run(of: gathered.sortedByBytes { $0.term })
    suggestions = suggestionsByKey.map { (key: $0.key, documents: $0.value) }.sorted {
      $0.key.precedes($1.key)
    }
    suggestionsByKey = [:]
  }
}

extension [UInt16] {
  /// Appends `offset` unless it is the last element already.
  fileprivate mutating func appendUnlessLast(_ offset: UInt16) {
    if last != offset { append(offset) }
  }
}
