import BookModel
import Foundation
import Testing

@Suite("Series and volumes")
struct SeriesVolumeTests {
  @Test func goodreadsSeriesNotesNameTheSeriesAndVolume() {
    let cases: [(String, String, String, Double?)] = [
      ("The Hunger Games (The Hunger Games, #1)", "The Hunger Games", "1", 1),
      ("Catching Fire (The Hunger Games, #2)", "The Hunger Games", "2", 2),
      ("Dune Messiah (Dune Chronicles #2)", "Dune Chronicles", "2", 2),
      ("The Lord of the Rings (The Lord of the Rings, #1-3)", "The Lord of the Rings", "1-3", 1),
      ("Angels & Demons (Robert Langdon, #1)", "Robert Langdon", "1", 1),
      ("The Rise of Nine (Lorien Legacies, #3.5)", "Lorien Legacies", "3.5", 3.5),
    ]
    for (title, series, volume, order) in cases {
      let place = SeriesVolume(title: title)
      #expect(place?.series == series && place?.volume == volume && place?.order == order, "\(title)")
    }
  }

  @Test func koreanVolumeMarksNameTheSeriesAndVolume() {
    let cases: [(String, String, String, Double?)] = [
      ("토지 1", "토지", "1", 1),
      ("해리 포터와 불사조 기사단 2", "해리 포터와 불사조 기사단", "2", 2),
      ("태백산맥 10권", "태백산맥", "10", 10),
      ("삼국지 제3권", "삼국지", "3", 3),
      ("칼의 노래 (상)", "칼의 노래", "상", 1),
      ("칼의 노래 (하)", "칼의 노래", "하", 3),
      ("아리랑 하권", "아리랑", "하", 3),
    ]
    for (title, series, volume, order) in cases {
      let place = SeriesVolume(title: title)
      #expect(place?.series == series && place?.volume == volume && place?.order == order, "\(title)")
    }
  }

  @Test func titlesWithNumbersThatAreNotVolumesNameNoSeries() {
    for title in [
      "1984", "82년생 김지영", "7년의 밤", "달과 6펜스", "1Q84", "Fahrenheit 451", "Catch-22", "서울 2033",
      "Kim Jiyoung, Born 1982", "Pride and Prejudice (Penguin Classics)", "(상)", "채식주의자",
    ] {
      #expect(SeriesVolume(title: title) == nil, "\(title)")
    }
  }

  @Test func openLibrarySeriesTextsAreRead() {
    #expect(
      SeriesVolume(openLibrary: "Harry Potter ; 1") == SeriesVolume(series: "Harry Potter", volume: "1"))
    #expect(SeriesVolume(openLibrary: "Discworld -- 3") == SeriesVolume(series: "Discworld", volume: "3"))
    #expect(
      SeriesVolume(openLibrary: "Harry Potter series, bk. 2")
        == SeriesVolume(series: "Harry Potter", volume: "2"))
    #expect(SeriesVolume(openLibrary: "Penguin classics") == SeriesVolume(series: "Penguin classics"))
    #expect(SeriesVolume(openLibrary: " ; 4") == nil)
  }

  @Test func aStatedSeriesIsKeptThroughJSONAndTakesOverTheTitles() throws {
    var book = Book(title: "해리 포터와 불사조 기사단 1", authors: ["J.K. 롤링"], pages: 412)
    book.series = SeriesVolume(series: "해리 포터", volume: "5")
    #expect(book.seriesVolume == SeriesVolume(series: "해리 포터", volume: "5"))
    let json = book.jsonString(escapingSlashes: false)
    #expect(json.contains(#""pages":412"#) && json.contains(#""series":"해리 포터","series_volume":"5""#))
    #expect(try Book(json: json) == book)
    #expect(try JSONDecoder().decode(Book.self, from: Data(json.utf8)) == book)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    #expect(String(decoding: try encoder.encode(book), as: UTF8.self) == json)
    // A book that states neither writes Kakao's members only.
    let plain = Book(title: "토지 1").jsonString(escapingSlashes: false)
    #expect(!plain.contains("pages") && !plain.contains("series"))
    #expect(Book(title: "토지 1").seriesVolume == SeriesVolume(series: "토지", volume: "1"))
  }
}
