extension DocIDSet {
  /// Gathers ids in any order, each chunk in a bitmap, and makes them a set once: cheaper than
  /// uniting one small set at a time when there are many (the postings of a prefix's every term).
  struct Builder {
    private var bitmaps: [Int: Bitmap] = [:]

    mutating func insert(_ id: Int) {
      let (key, offset) = DocIDSet.place(id)
      bitmaps[key, default: Bitmap()].insert(offset)
    }

    /// Adds the ids of a stored chunk (see ``Postings``).
    mutating func insert(chunk key: Int, postings: UnsafeRawBufferPointer) {
      Postings.decode(postings, into: &bitmaps[key, default: Bitmap()])
    }

    /// The set of the ids gathered.
    var set: DocIDSet {
      DocIDSet(
        chunks: bitmaps.keys.sorted().compactMap { key in
          Container(bitmaps[key]!).map { Chunk(key: key, container: $0) }
        })
    }
  }
}
