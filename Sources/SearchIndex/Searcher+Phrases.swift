import Storage

extension Searcher {
  /// The documents of `set` in which every phrase occurs as written in one of `fields`: the index
  /// holds no positions, so a phrase's tokens can match apart (리포터의 하루 holds ㅎㄹ, ㄹㅍ and
  /// ㅍㅌ, not ㅎㄹㅍㅌ); the stored fields decide, and the supplied ones where those do not.
  mutating func containing(_ phrases: [String], in fields: [StoredField], _ set: DocIDSet) throws
    -> DocIDSet
  {
    guard !phrases.isEmpty, !set.isEmpty else { return set }
    let ids = set.sorted
    try readTexts(checking: phrases.map { ($0, fields) }, of: ids)
    return DocIDSet(ids.filter { holds(phrases, in: fields, $0) })
  }

  /// `true` when every phrase occurs in one of `fields`' texts of `id`, as read.
  func holds(_ phrases: [String], in fields: [StoredField], _ id: Int) -> Bool {
    phrases.allSatisfy { phrase in fields.contains { fieldTexts[$0]?[id]?.includes(phrase) ?? false } }
  }

  /// A phrase and the fields it is checked in.
  typealias Phrase = (text: String, fields: [StoredField])

  /// Reads the texts that check `phrases` in `ids`: the stored ones, then the supplied ones (a
  /// description, read from its book) only of the ids for which a phrase checked in those too is
  /// not in its own fields' stored texts.
  mutating func readTexts(checking phrases: [Phrase], of ids: [Int]) throws {
    var stored: [StoredField] = []
    var supplied: [StoredField] = []
    for field in phrases.flatMap(\.fields) where !stored.contains(field) && !supplied.contains(field) {
      if field.isSupplied { supplied.append(field) } else { stored.append(field) }
    }
    try read(stored, of: ids)
    guard !supplied.isEmpty else { return }
    let undecided = ids.filter { id in
      phrases.contains { phrase in
        phrase.fields.contains(where: \.isSupplied) && !holds([phrase.text], in: phrase.fields, id)
      }
    }
    try read(supplied, of: undecided)
  }

  /// Reads the texts of `fields` for those of `ids` not read yet.
  mutating func read(_ fields: [StoredField], of ids: [Int]) throws {
    let missing = Self.missing(ids, in: fields.map { fieldTexts[$0] ?? [:] })
    guard !missing.isEmpty, !fields.isEmpty else { return }
    for field in fields where field.isSupplied {
      let texts = try supplier?.texts(of: field, for: missing, on: connection) ?? [:]
      fieldTexts[field, default: [:]].merge(texts) { _, new in new }
    }
    let stored = fields.filter { !$0.isSupplied }
    guard !stored.isEmpty else { return }
    var columns: [Int]?  // each field's column, found by name in the first row
    try connection.forEachRow(
      """
      SELECT rowid, \(stored.map(\.name).joined(separator: ", ")) FROM search_keys
      WHERE rowid IN (SELECT value FROM json_each(?))
      """, [IntegerList(missing)]
    ) { row in
      let indices = try columns ?? stored.map { try row.index(of: $0.name) }
      columns = indices
      for (field, index) in zip(stored, indices) {
        fieldTexts[field, default: [:]][row.int(0)] = row.text(index)
      }
    }
  }

  /// The ids of `ids` without a text in one of `texts` (passed, not kept, so that the cache they
  /// come from is not copied when it grows).
  private static func missing(_ ids: [Int], in texts: [[Int: String]]) -> [Int] {
    ids.filter { id in texts.contains { $0[id] == nil } }
  }
}
