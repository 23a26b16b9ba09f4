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
    let stored = fields.filter { !$0.isSupplied }
    try read(stored, of: ids)
    func holds(_ id: Int, in texts: [[Int: String]]) -> Bool {
      phrases.allSatisfy { phrase in texts.contains { $0[id]?.includes(phrase) ?? false } }
    }
    var (found, undecided) = ([Int](), [Int]())
    let storedTexts = stored.map { fieldTexts[$0] ?? [:] }
    for id in ids {
      if holds(id, in: storedTexts) { found.append(id) } else { undecided.append(id) }
    }
    if fields.contains(where: \.isSupplied), !undecided.isEmpty {
      try read(fields.filter(\.isSupplied), of: undecided)
      let texts = fields.map { fieldTexts[$0] ?? [:] }
      found += undecided.filter { holds($0, in: texts) }
    }
    return DocIDSet(found)
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
