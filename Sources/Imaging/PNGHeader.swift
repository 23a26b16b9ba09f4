/// A PNG's IHDR: its size, how its pixels are stored, and the passes its data holds.
struct PNGHeader {
  let width: Int
  let height: Int
  let bitDepth: Int
  let colorType: Int
  let interlaced: Bool

  /// The header in `body`, of an image of at most `limit` pixels.
  init(_ body: [UInt8], limit: Int) throws(ImageError) {
    guard body.count == 13 else { throw .invalid("an IHDR of \(body.count) bytes") }
    width = Int(body.bigEndian(at: 0))
    height = Int(body.bigEndian(at: 4))
    bitDepth = Int(body[8])
    colorType = Int(body[9])
    let allowed: [Int: [Int]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard allowed[colorType]?.contains(bitDepth) == true else {
      throw .invalid("color type \(colorType) with \(bitDepth)-bit samples")
    }
    guard body[10] == 0, body[11] == 0, body[12] <= 1 else {
      throw .invalid("an unknown compression, filter or interlace")
    }
    interlaced = body[12] == 1
    try GrayImage.check(width: width, height: height, limit: limit)
  }

  /// Samples per pixel.
  var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

  /// Bytes of one row of `columns` pixels, without its filter byte.
  func rowBytes(_ columns: Int) -> Int { (columns * channels * bitDepth + 7) / 8 }

  /// The distance filters look back: the bytes of a whole pixel, at least 1.
  var filterStride: Int { max(1, channels * bitDepth / 8) }

  /// One pass of the image data: a sub-image of every `dx`th column from `x0` and `dy`th row from `y0`.
  struct Pass {
    let x0, y0, dx, dy, columns, rows: Int
  }

  /// The passes the data holds: the whole image, or Adam7's seven (those that are not empty).
  var passes: [Pass] {
    let layout =
      interlaced
      ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
      : [(0, 0, 1, 1)]
    return layout.map { x0, y0, dx, dy in
      Pass(
        x0: x0, y0: y0, dx: dx, dy: dy, columns: (width - x0 + dx - 1) / dx, rows: (height - y0 + dy - 1) / dy
      )
    }.filter { $0.columns > 0 && $0.rows > 0 }
  }

  /// The bytes the image data inflates to: each pass's rows with their filter bytes.
  var rawSize: Int { passes.reduce(0) { $0 + $1.rows * (1 + rowBytes($1.columns)) } }

  /// The gray of pixel `column` of an unfiltered row, alpha composited on white.
  func gray(of column: Int, in row: ArraySlice<UInt8>, palette: [(UInt8, UInt8, UInt8, UInt8)]) -> UInt8 {
    func sample(_ index: Int) -> Int {
      if bitDepth == 16 { return Int(row[row.startIndex + index * 2]) }
      if bitDepth == 8 { return Int(row[row.startIndex + index]) }
      let bit = index * bitDepth
      let byte = Int(row[row.startIndex + bit / 8])
      let value = byte >> (8 - bitDepth - bit % 8) & (1 << bitDepth - 1)
      return colorType == 3 ? value : value * 255 / (1 << bitDepth - 1)
    }
    let first = column * channels
    let (red, green, blue, alpha): (Int, Int, Int, Int)
    switch colorType {
    case 0: (red, green, blue, alpha) = (sample(first), sample(first), sample(first), 255)
    case 2: (red, green, blue, alpha) = (sample(first), sample(first + 1), sample(first + 2), 255)
    case 3:
      let index = sample(first)
      let entry = index < palette.count ? palette[index] : (0, 0, 0, 255)
      (red, green, blue, alpha) = (Int(entry.0), Int(entry.1), Int(entry.2), Int(entry.3))
    case 4: (red, green, blue, alpha) = (sample(first), sample(first), sample(first), sample(first + 1))
    default:
      (red, green, blue, alpha) = (sample(first), sample(first + 1), sample(first + 2), sample(first + 3))
    }
    let luminance = (red * 299 + green * 587 + blue * 114 + 500) / 1000
    return UInt8((luminance * alpha + 255 * (255 - alpha) + 127) / 255)
  }
}
