/// Intersection, union and difference of two containers, for each pair of kinds: arrays merge (or
/// look up the few offsets of a much smaller one), an array against a bitmap tests bits, two bitmaps
/// combine word by word. A result that crosses ``Container/arrayLimit`` changes kind.
extension Container {
  /// The ids in both; `nil` when there are none.
  static func intersection(_ left: Container, _ right: Container) -> Container? {
    switch (left, right) {
    case (.array(let some), .array(let others)):
      Container(sorted: some.count <= others.count ? some.common(with: others) : others.common(with: some))
    case (.array(let offsets), .bitmap(let bitmap)), (.bitmap(let bitmap), .array(let offsets)):
      Container(sorted: offsets.filter(bitmap.contains))
    case (.bitmap(let some), .bitmap(let others)):
      Container(some.combined(with: others.words) { $0 & $1 })
    }
  }

  /// The ids in either.
  static func union(_ left: Container, _ right: Container) -> Container {
    switch (left, right) {
    case (.array(let some), .array(let others)) where some.count + others.count < arrayLimit:
      .array(some.merged(with: others))
    case (.array(let some), .array(let others)):
      Container(adding(others, to: Bitmap(some)))!
    case (.array(let offsets), .bitmap(let bitmap)), (.bitmap(let bitmap), .array(let offsets)):
      .bitmap(adding(offsets, to: bitmap))
    case (.bitmap(let some), .bitmap(let others)):
      .bitmap(some.combined(with: others.words) { $0 | $1 })
    }
  }

  /// The ids in any of `containers` (at least one), combined at once: merged and sorted when they
  /// hold fewer than ``arrayLimit`` ids between them (so all are arrays), else set in one bitmap.
  static func union(of containers: [Container]) -> Container {
    guard containers.count > 1 else { return containers[0] }
    var bitmap: Bitmap?  // made only when one is needed: an empty one is 8 KiB to zero
    var offsets: [UInt16] = []
    for container in containers {
      switch container {
      case .array(let some): offsets += some
      case .bitmap(let some):
        if bitmap == nil { bitmap = Bitmap() }
        bitmap!.formUnion(some.words)
      }
    }
    guard bitmap != nil || offsets.count >= arrayLimit else {
      offsets.sort()
      var distinct: [UInt16] = []
      distinct.reserveCapacity(offsets.count)
      for offset in offsets where distinct.last != offset { distinct.append(offset) }
      return .array(distinct)
    }
    var union = bitmap ?? Bitmap()
    for offset in offsets { union.insert(offset) }
    return Container(union)!
  }

  /// The ids of `left` not in `right`; `nil` when there are none.
  static func subtracting(_ left: Container, _ right: Container) -> Container? {
    switch (left, right) {
    case (.array(let some), .array(let others)):
      return Container(sorted: some.removing(others))
    case (.array(let offsets), .bitmap(let bitmap)):
      return Container(sorted: offsets.filter { !bitmap.contains($0) })
    case (.bitmap(var bitmap), .array(let offsets)):
      for offset in offsets { bitmap.remove(offset) }
      return Container(bitmap)
    case (.bitmap(let some), .bitmap(let others)):
      return Container(some.combined(with: others.words) { $0 & ~$1 })
    }
  }

  private static func adding(_ offsets: [UInt16], to bitmap: Bitmap) -> Bitmap {
    var bitmap = bitmap
    for offset in offsets { bitmap.insert(offset) }
    return bitmap
  }
}

extension [UInt16] {
  /// The offsets in both of two ascending arrays, this one the shorter: each of its offsets looked
  /// up by bisection when the other is 64 times longer or more, else the two merged.
  fileprivate func common(with longer: [UInt16]) -> [UInt16] {
    if count * 64 <= longer.count { return filter { longer.sortedIndex(of: $0) != nil } }
    var result: [UInt16] = []
    result.reserveCapacity(count)
    var (index, other) = (0, 0)
    while index < count, other < longer.count {
      let (mine, theirs) = (self[index], longer[other])
      if mine < theirs {
        index += 1
      } else if theirs < mine {
        other += 1
      } else {
        result.append(mine)
        index += 1
        other += 1
      }
    }
    return result
  }

  /// The offsets in either of two ascending arrays, ascending, each once.
  fileprivate func merged(with others: [UInt16]) -> [UInt16] {
    var result: [UInt16] = []
    result.reserveCapacity(count + others.count)
    var (index, other) = (0, 0)
    while index < count || other < others.count {
      if other == others.count || (index < count && self[index] < others[other]) {
        result.append(self[index])
        index += 1
      } else {
        if index < count, self[index] == others[other] { index += 1 }
        result.append(others[other])
        other += 1
      }
    }
    return result
  }

  /// The offsets of this ascending array not in another.
  fileprivate func removing(_ others: [UInt16]) -> [UInt16] {
    var result: [UInt16] = []
    result.reserveCapacity(count)
    var other = 0
    for offset in self {
      while other < others.count, others[other] < offset { other += 1 }
      if other == others.count || others[other] != offset { result.append(offset) }
    }
    return result
  }
}
