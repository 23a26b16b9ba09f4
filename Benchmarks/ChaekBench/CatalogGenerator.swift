import BookModel
import Foundation

/// A deterministic catalog of any size: Korean and English titles, people and publishers drawn
/// from fixed vocabularies with a fixed seed, so every run indexes the same books.
struct CatalogGenerator {
  private var random: SplitMix64

  init(seed: UInt64 = 0x00C4_AE4B) { random = SplitMix64(seed: seed) }

  static let koreanWords = [
    "사랑", "바다", "기억", "시간", "여름", "겨울", "마음", "도시", "소년", "소녀", "하늘", "바람", "별", "나무",
    "고양이", "편지", "여행", "전쟁", "평화", "역사", "철학", "과학", "우주", "경제", "심리학", "요리", "정원", "음악",
    "그림", "도서관", "학교", "가족", "친구", "비밀", "모험", "마법", "용기", "행복", "슬픔", "침묵", "빛", "그림자",
    "강", "산", "섬", "길", "밤", "아침", "꿈", "이야기", "인생", "자유", "미래", "과거", "세계", "한국", "서울",
    "부산", "제주", "객체지향", "알고리즘", "데이터", "프로그래밍", "디자인", "채식", "주의자", "노래", "계절",
  ]
  static let koreanEndings = ["의 노래", "에 대하여", "의 역사", "과 나", "를 찾아서", "의 기술", " 이야기", "의 시간", "", ""]
  static let englishWords = [
    "love", "sea", "memory", "time", "summer", "winter", "heart", "city", "boy", "girl", "sky", "wind",
    "star",
    "tree", "cat", "letter", "journey", "war", "peace", "history", "philosophy", "science", "universe",
    "economy",
    "garden", "music", "library", "school", "family", "secret", "adventure", "magic", "courage", "shadow",
    "river",
    "mountain", "island", "road", "night", "morning", "dream", "story", "freedom", "future", "world",
    "kingdom",
    "house", "fire", "ice", "silence", "stranger", "daughter", "empire", "machine", "algorithm", "design",
    "data",
  ]
  static let koreanFamilyNames = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권"]
  static let koreanGivenNames = ["민준", "서연", "지훈", "하은", "도윤", "지우", "현우", "수아", "건우", "예린", "영호", "은희"]
  static let englishFirstNames = [
    "James", "Mary", "John", "Linda", "Robert", "Susan", "Emily", "David", "Anna", "Peter",
  ]
  static let englishLastNames = [
    "Smith", "Brown", "Taylor", "Wilson", "Evans", "Thomas", "Roberts", "García", "Müller",
  ]
  static let publishers = [
    "창비", "문학동네", "민음사", "열린책들", "위키북스", "한빛미디어", "문학과지성사", "Penguin", "Vintage", "HarperCollins",
    "Scholastic", "Bloomsbury",
  ]

  /// The next book; every 16th has an ISBN-13 derived from its number.
  mutating func next(number: Int) -> Book {
    let korean = random.next() % 2 == 0
    let title: String
    let authors: [String]
    if korean {
      let words = (0..<Int(1 + random.next() % 3)).map { _ in pick(Self.koreanWords) }
      title = words.joined(separator: " ") + pick(Self.koreanEndings)
      authors = [pick(Self.koreanFamilyNames) + pick(Self.koreanGivenNames)]
    } else {
      let words = (0..<Int(1 + random.next() % 4)).map { _ in pick(Self.englishWords).capitalized }
      title = (random.next() % 3 == 0 ? "The " : "") + words.joined(separator: " ")
      authors = [pick(Self.englishFirstNames) + " " + pick(Self.englishLastNames)]
    }
    let year = 1950 + Int(random.next() % 75)
    return Book(
      title: title,
      contents:
        "\(title) — \(authors[0])의 책. A book about \(pick(Self.englishWords)) and \(pick(Self.koreanWords)).",
      isbn: number % 16 == 0 ? Self.isbn13(number) : "",
      datetime: KakaoDate.parse("\(year)-01-01T00:00:00.000+09:00"),
      authors: authors,
      publisher: pick(Self.publishers),
      price: 8_000 + Int(random.next() % 30) * 500
    ).withURL("https://books.example/\(number)")
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

extension Book {
  fileprivate func withURL(_ url: String) -> Book {
    var book = self
    book.url = url
    return book
  }
}

/// SplitMix64: a tiny, fast, seedable generator, the same on every platform.
struct SplitMix64 {
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
