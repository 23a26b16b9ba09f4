import BookModel

/// A bar chart as inline SVG, drawn by the server with no library: bars take the accent colour and
/// text takes `currentColor` (both from the stylesheet, so the chart follows the light or dark
/// theme). The SVG is `role="img"` named by its `<title>`, and a visually hidden table beside it
/// gives every value as text.
struct BarChart {
  /// One bar: its label (in the table), the shorter one under the axis, and its value.
  struct Bar {
    var label: String
    var axisLabel: String
    var value: Int

    init(label: String, axisLabel: String? = nil, value: Int) {
      self.label = label
      self.axisLabel = axisLabel ?? label
      self.value = value
    }
  }

  /// A unique id within the page (the SVG's title is named by it).
  var id: String
  /// What the chart shows, e.g. `월별 읽은 책`.
  var title: String
  /// The header of the labels' column in the table, e.g. `월`.
  var labelHeader: String
  /// The unit after each value, e.g. `권`.
  var unit: String
  var bars: [Bar]

  // MARK: - Geometry (SVG user units; the SVG scales to its box)

  static let width = 360.0
  static let height = 170.0
  /// Room above the tallest bar for its value.
  static let top = 18.0
  /// Room under the axis for the labels.
  static let bottom = 22.0
  static var plotHeight: Double { height - top - bottom }

  /// The height of a bar: proportional to its value, the largest value filling the plot.
  func barHeight(_ value: Int) -> Double {
    let largest = bars.map(\.value).max() ?? 0
    return largest > 0 ? Double(value) / Double(largest) * Self.plotHeight : 0
  }

  var html: HTML {
    let slot = Self.width / Double(max(bars.count, 1))
    let barWidth = slot * 0.62
    let baseline = Self.top + Self.plotHeight
    let total = bars.reduce(0) { $0 + $1.value }
    let drawn = bars.enumerated().map { index, bar -> HTML in
      let height = barHeight(bar.value)
      let centre = slot * (Double(index) + 0.5)
      let value: HTML =
        bar.value > 0
        ? """
        <text class="chart-value" x="\(Self.number(centre))" y="\(Self.number(baseline - height - 5))" \
        text-anchor="middle">\(Won.grouped(bar.value))</text>
        """ : ""
      return """
        <rect class="bar" x="\(Self.number(centre - barWidth / 2))" y="\(Self.number(baseline - height))" \
        width="\(Self.number(barWidth))" height="\(Self.number(height))" rx="2"/>\(value)\
        <text class="chart-label" x="\(Self.number(centre))" y="\(Self.number(Self.height - 6))" \
        text-anchor="middle">\(bar.axisLabel)</text>
        """
    }
    let empty: HTML = """
      <text class="chart-empty" x="\(Self.number(Self.width / 2))" y="\(Self.number(Self.top + Self.plotHeight / 2))" \
      text-anchor="middle">아직 기록이 없어요</text>
      """
    let rows = bars.map { bar -> HTML in
      "<tr><th scope=\"row\">\(bar.label)</th><td>\(Won.grouped(bar.value))\(unit)</td></tr>"
    }
    return """
      <figure class="chart"><svg class="chart-svg" viewBox="0 0 \(Self.number(Self.width)) \(Self.number(Self.height))" \
      role="img" aria-labelledby="\(id)-title"><title id="\(id)-title">\(title), 모두 \(Won.grouped(total))\(unit)</title>\
      <line class="chart-axis" x1="0" x2="\(Self.number(Self.width))" y1="\(Self.number(baseline))" \
      y2="\(Self.number(baseline))"/>\(HTML.join(drawn))\(total == 0 ? empty : "")</svg>\
      <table class="visually-hidden"><caption>\(title)</caption><thead><tr><th scope="col">\(labelHeader)</th>\
      <th scope="col">\(unit)</th></tr></thead><tbody>\(HTML.join(rows))</tbody></table></figure>
      """
  }

  /// A coordinate with at most one decimal: `12`, `12.5`.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
