import BookModel
import Foundation
import HTTPRouting
import HTTPTransport

extension WebApp {
  /// The book a `PUT` sends, whose identity must be the one in the path.
  static func bookInBody(of request: HTTPRequest) throws(APIError) -> Book {
    try request.requireJSON()
    guard String(data: request.body, encoding: .utf8) != nil else {
      throw .badRequest("the body is not valid UTF-8")
    }
    let book: Book
    do {
      // Strict JSON, and prices that are whole numbers in range: `Book` alone would read a price
      // it cannot represent as 0.
      _ = try request.decode(BookNumbers.self)
      book = try request.decode(Book.self)
    } catch {
      throw .badRequest("the body is not a book document: \(error)")
    }
    guard book.id.rawValue == request.pathParameters["id"] else {
      throw .badRequest("the book's id is \(book.id), not \(request.pathParameters["id"] ?? "")")
    }
    return book
  }
}

/// The prices of a book document, read strictly: each is absent, `null`, or a whole number that fits
/// an `Int`, given as a JSON number or as a string of digits.
private struct BookNumbers: Decodable {
  let price: StrictInteger?
  let salePrice: StrictInteger?

  enum CodingKeys: String, CodingKey {
    case price
    case salePrice = "sale_price"
  }
}

/// A whole number that fits an `Int`; `1.5`, `1e30` and `"12,000"` do not decode.
private struct StrictInteger: Decodable {
  let value: Int

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      guard let value = Int(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "\"\(text)\" is not a whole number")
      }
      self.value = value
      return
    }
    do {
      value = try container.decode(Int.self)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a whole number from \(Int.min) to \(Int.max)")
    }
  }
}
