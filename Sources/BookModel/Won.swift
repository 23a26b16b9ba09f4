/// Formats prices in Korean won the way Korean shops print them: `16,200원`.
public enum Won {
  /// `16200` → `"16,200원"`. Non-positive amounts mean "no price" and format as an empty string.
  public static func format(_ amount: Int) -> String {
    amount > 0 ? grouped(amount) + "원" : ""
  }

  /// `16200` → `"16,200"`: digits grouped by three, whatever the locale.
  public static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (number < 0 ? "-" : "") + grouped
  }
}
