/// PNG's per-row filters (None, Sub, Up, Average, Paeth), undone.
enum PNGFilter {
  /// The `rows` unfiltered rows of `rowBytes` bytes starting at `offset` in `raw`, each stored after
  /// its filter-type byte; `stride` is the bytes of a whole pixel (at least 1).
  static func unfilter(_ raw: [UInt8], from offset: Int, rows: Int, rowBytes: Int, stride: Int)
    throws(ImageError)
    -> [ArraySlice<UInt8>]
  {
    var output = [UInt8](repeating: 0, count: rows * rowBytes)
    for row in 0..<rows {
      let source = offset + row * (rowBytes + 1)
      let filter = raw[source]
      let start = row * rowBytes
      for index in 0..<rowBytes {
        let value = raw[source + 1 + index]
        let left = index >= stride ? Int(output[start + index - stride]) : 0
        let up = row > 0 ? Int(output[start - rowBytes + index]) : 0
        let upLeft = row > 0 && index >= stride ? Int(output[start - rowBytes + index - stride]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = (left + up) / 2
        case 4: predicted = paeth(left, up, upLeft)
        default: throw .invalid("row filter type \(filter)")
        }
        output[start + index] = value &+ UInt8(truncatingIfNeeded: predicted)
      }
    }
    return (0..<rows).map { output[$0 * rowBytes..<($0 + 1) * rowBytes] }
  }

  private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
  }
}
