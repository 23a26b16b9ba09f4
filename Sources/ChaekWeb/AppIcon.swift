import Imaging

/// The app's icon as PNG, drawn here rather than by an image tool: 책 in white on the accent color,
/// as `icon.svg` shows it, its strokes drawn as round-capped lines, with 4 × 4 samples for pixels on
/// an edge.
enum AppIcon {
  /// The icons the manifest and iOS ask for: name → size in pixels and whether it is maskable
  /// (drawn to the edges, the glyph within the centre 80% that launchers keep).
  static let variants: [String: (size: Int, maskable: Bool)] = [
    "icon-192": (192, false), "icon-512": (512, false), "maskable-512": (512, true),
    "apple-touch-icon": (180, true),
  ]

  /// The accent color, `#c2410c`.
  private static let accent: (UInt8, UInt8, UInt8) = (0xC2, 0x41, 0x0C)

  /// The strokes of 책 on a 64-unit square, as `icon.svg` sets it: ㅊ, ㅐ, and ㄱ below.
  private static let strokes: [(Double, Double, Double, Double)] = [
    (19, 14, 27, 14), (13, 20.5, 33, 20.5), (23, 21, 13.5, 32), (23, 24, 32.5, 32),
    (40, 11, 40, 35), (49.5, 10, 49.5, 37), (40, 22.5, 49.5, 22.5),
    (15, 41.5, 47, 41.5), (47, 41.5, 47, 54),
  ]
  private static let strokeWidth = 4.6

  /// The PNG of `size` pixels; a maskable one fills the square, else its corners are rounded.
  static func png(size: Int, maskable: Bool) -> [UInt8] {
    let scale = Double(size) / 64
    // A maskable icon keeps the glyph inside the centre 80%; it is drawn a little smaller.
    let glyph = maskable ? 0.8 : 1.0
    // Half a pixel's diagonal, in glyph units: a pixel whose centre is further than this from an
    // edge is all on one side of it and needs one sample, not sixteen.
    let margin = 0.75 / scale / glyph
    var rgba = [UInt8](repeating: 0, count: size * size * 4)
    for y in 0..<size {
      for x in 0..<size {
        let (u, v) = ((Double(x) + 0.5) / scale, (Double(y) + 0.5) / scale)
        let nearEdge =
          abs(distanceToStrokes((u - 32) / glyph + 32, (v - 32) / glyph + 32) - strokeWidth / 2) < margin
          || (!maskable && abs(distanceOutsideRoundedSquare(u, v)) < margin * glyph)
        let samples = nearEdge ? 4 : 1
        var inside = 0
        var ink = 0
        for sy in 0..<samples {
          for sx in 0..<samples {
            let su = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / scale
            let sv = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / scale
            guard maskable || distanceOutsideRoundedSquare(su, sv) <= 0 else { continue }
            inside += 1
            if distanceToStrokes((su - 32) / glyph + 32, (sv - 32) / glyph + 32) <= strokeWidth / 2 {
              ink += 1
            }
          }
        }
        let white = Double(ink) / Double(max(inside, 1))
        func channel(_ value: UInt8) -> UInt8 { UInt8((Double(value) * (1 - white) + 255 * white).rounded()) }
        let offset = (y * size + x) * 4
        rgba[offset] = channel(accent.0)
        rgba[offset + 1] = channel(accent.1)
        rgba[offset + 2] = channel(accent.2)
        rgba[offset + 3] = UInt8(inside * 255 / (samples * samples))
      }
    }
    return PNG.encode(width: size, height: size, rgba: rgba)
  }

  /// How far a point lies outside the 64-unit square with corners of radius 14 (as `icon.svg`'s
  /// `rect`); negative inside.
  private static func distanceOutsideRoundedSquare(_ u: Double, _ v: Double) -> Double {
    let radius = 14.0
    let dx = max(radius - u, u - (64 - radius), 0)
    let dy = max(radius - v, v - (64 - radius), 0)
    return dx > 0 && dy > 0 ? (dx * dx + dy * dy).squareRoot() - radius : max(-u, u - 64, -v, v - 64)
  }

  /// The distance from a point to the nearest stroke's centre line. A loop, not a `map`: it runs
  /// for every sample of every pixel (about a million for the large icons), and an array per call
  /// made the first visit's icons take a second each to draw.
  private static func distanceToStrokes(_ u: Double, _ v: Double) -> Double {
    var nearest = Double.infinity
    for (x0, y0, x1, y1) in strokes {
      let (dx, dy) = (x1 - x0, y1 - y0)
      let t = max(0, min(1, ((u - x0) * dx + (v - y0) * dy) / (dx * dx + dy * dy)))
      let (px, py) = (x0 + t * dx - u, y0 + t * dy - v)
      nearest = min(nearest, px * px + py * py)
    }
    return nearest.squareRoot()
  }
}
