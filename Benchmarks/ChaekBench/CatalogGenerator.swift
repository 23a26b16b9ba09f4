import BookModel
import Foundation

/// A deterministic catalog of any size: titles and people drawn, with a fixed seed, from real
/// vocabularies — English words from the goodbooks-10k titles and Korean words from the starter
/// catalog's titles — with Zipf-distributed word frequencies, as in real catalogs, so every run
/// indexes the same books.
struct CatalogGenerator {
  /// Words and names the books are made of.
  struct Vocabulary {
    var englishWords: [String]
    var koreanWords: [String]
    var englishNames: [String]
    var koreanNames: [String]
    var publishers: [String]

    /// Reads the vocabularies from goodbooks-10k (when `goodbooksCSV` exists) and the starter
    /// catalog, in a stable order (by descending frequency, then alphabetically).
    static func load(goodbooksCSV: URL, starter: [Book]) -> Vocabulary {
      var english: [String: Int] = [:]
      var englishNames: [String: Int] = [:]
      if let text = try? String(contentsOf: goodbooksCSV, encoding: .utf8) {
        for line in text.split(separator: "\n").dropFirst() {
          let fields = csvFields(line)
          guard fields.count > 11 else { continue }
          for word in fields[10].split(whereSeparator: { !$0.isLetter })
          where word.count >= 3 && word.count <= 12 {
            english[word.lowercased(), default: 0] += 1
          }
          for name in fields[7].split(separator: ",") {
            englishNames[name.trimmingCharacters(in: .whitespaces), default: 0] += 1
          }
        }
      }
      var korean: [String: Int] = [:]
      var koreanNames: [String: Int] = [:]
      for book in starter {
        for word in book.title.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation })
        where word.unicodeScalars.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) }) && word.count >= 2 {
          korean[String(word), default: 0] += 1
        }
        for author in book.authors
        where author.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) {
          koreanNames[author, default: 0] += 1
        }
      }
      func ranked(_ counts: [String: Int]) -> [String] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
      }
      let fallbackEnglish = [
        "love", "war", "night", "house", "garden", "river", "winter", "secret", "city", "dream",
      ]
      return Vocabulary(
        englishWords: english.isEmpty ? fallbackEnglish : ranked(english).filter { !stopWords.contains($0) },
        koreanWords: ranked(korean),
        englishNames: englishNames.isEmpty
          ? ["Jane Roe", "John Doe"] : ranked(englishNames).filter { !$0.isEmpty },
        koreanNames: ranked(koreanNames),
        publishers: [
          "창비", "문학동네", "민음사", "열린책들", "위키북스", "한빛미디어", "문학과지성사", "Penguin", "Vintage",
          "HarperCollins", "Scholastic", "Bloomsbury", "Knopf", "Gallimard",
        ])
    }

    /// The fields of one CSV line (quoted fields may hold commas; doubled quotes are quotes).
    private static func csvFields(_ line: Substring) -> [String] {
      var fields: [String] = []
      var field = ""
      var quoted = false
      var previous: Character = " "
      for character in line {
        if character == "\"" {
          if quoted && previous == "\"" { field.append("\"") }
          quoted.toggle()
        } else if character == "," && !quoted {
          fields.append(field)
          field = ""
        } else {
          field.append(character)
        }
        previous = character
      }
      fields.append(field)
      return fields
    }

    private static let stopWords: Set<String> = [
      "the", "and", "for", "with", "from", "book", "series", "vol",
    ]
  }

  let vocabulary: Vocabulary
  private var random: SplitMix64
  private let englishZipf: Weighted
  private let koreanZipf: Weighted

  init(vocabulary: Vocabulary, seed: UInt64 = 0x00C4_AE4B) {
    self.vocabulary = vocabulary
    random = SplitMix64(seed: seed)
    englishZipf = Weighted.zipf(count: vocabulary.englishWords.count)
    koreanZipf = Weighted.zipf(count: vocabulary.koreanWords.count)
  }

  /// Book number `number`; every 16th has an ISBN-13 derived from its number.
  mutating func next(number: Int) -> Book {
    let korean = random.next() % 3 == 0
    let title: String
    let authors: [String]
    if korean {
      let words = (0..<Int(1 + random.next() % 3)).map { _ in
        vocabulary.koreanWords[koreanZipf.sample(&random)]
      }
      title = words.joined(separator: " ")
      authors = [pick(vocabulary.koreanNames)]
    } else {
      let words = (0..<Int(1 + random.next() % 4)).map { _ in
        vocabulary.englishWords[englishZipf.sample(&random)].capitalized
      }
      title = (random.next() % 4 == 0 ? "The " : "") + words.joined(separator: " ")
      authors = [pick(vocabulary.englishNames)]
    }
    let year = 1950 + Int(random.next() % 75)
    let topic = vocabulary.englishWords[englishZipf.sample(&random)]
    var book = Book(
      title: title,
      contents: "\(title) by \(authors[0]): a book about \(topic).",
      isbn: number % 16 == 0 ? Self.isbn13(number) : "",
      datetime: KakaoDate.parse("\(year)-01-01T00:00:00.000+09:00"),
      authors: authors,
      publisher: pick(vocabulary.publishers),
      price: 8_000 + Int(random.next() % 30) * 500
    )
    book.url = "https://books.example/\(number)"
    return book
  }

  /// A popularity for a book: most books have few ratings, a few have very many.
  mutating func popularity() -> Int {
    Int(pow(10, Double(random.next() % 6_000) / 1_000))
  }

  /// A valid ISBN-13 in the 979 range made from a number.
  static func isbn13(_ number: Int) -> String {
    let body = "979" + String(format: "%09d", number % 1_000_000_000)
    let digits = body.compactMap(\.wholeNumberValue)
    let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
    return body + String((10 - sum % 10) % 10)
  }

  private mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
}

/// Samples indices with probability proportional to their weights.
struct Weighted {
  private let cumulative: [Double]

  init(_ weights: [Double]) {
    var total = 0.0
    cumulative = weights.map {
      total += $0
      return total
    }
  }

  /// Ranks 0..<count, each with probability proportional to 1 / (rank + 1).
  static func zipf(count: Int) -> Weighted {
    Weighted((0..<max(1, count)).map { 1 / Double($0 + 1) })
  }

  func sample(_ random: inout SplitMix64) -> Int {
    let target = Double(random.next() % 1_000_000_000) / 1_000_000_000 * (cumulative.last ?? 1)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// SplitMix64: a tiny, fast, seedable generator, the same on every platform.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
