import BookModel
import Foundation
import HTTPTransport
import UserLibrary

extension WebApp {
  /// `GET /api/library[?sort=title|added]`: `{"books":[...],"count":N}`.
  func listSaved(_ request: HTTPRequest) async -> HTTPResponse {
    guard let order = SavedOrder(rawValue: request.query["sort"] ?? "title") else {
      return APIError.badRequest("sort must be title or added")
    }
    do {
      let books = try await library.savedBooks(sortedBy: order)
      let entries = books.map(LibraryEntry.init)
      return .json(SavedList(books: entries, count: entries.count))
    } catch {
      return APIError.internalError(error)
    }
  }

  /// `PUT /api/library/{id}`: saves the book. The body is the book (a Kakao document) whose
  /// identity must be `id`; without a body the book is looked up by `id`.
  func save(_ request: HTTPRequest) async -> HTTPResponse {
    let book: Book
    if request.body.isEmpty {
      do {
        book = try await self.book(for: request)
      } catch {
        return error.response
      }
    } else {
      guard String(data: request.body, encoding: .utf8) != nil else {
        return APIError.badRequest("the body is not valid UTF-8")
      }
      do {
        // Strict JSON, and prices that are whole numbers in range: `Book` alone would read a price
        // it cannot represent as 0.
        _ = try request.decode(BookNumbers.self)
        book = try request.decode(Book.self)
      } catch {
        return APIError.badRequest("the body is not a book document: \(error)")
      }
      guard book.id.rawValue == request.pathParameters["id"] else {
        return APIError.badRequest("the book's id is \(book.id), not \(request.pathParameters["id"] ?? "")")
      }
    }
    do {
      let outcome = try await library.save(book)
      return .json(
        SaveReply(
          id: book.id.rawValue, title: book.title, status: outcome == .saved ? "saved" : "already_saved"),
        status: outcome == .saved ? 201 : 200)
    } catch {
      return APIError.internalError(error)
    }
  }

  /// `DELETE /api/library/{id}`.
  func remove(_ request: HTTPRequest) async -> HTTPResponse {
    guard let text = request.pathParameters["id"], let id = BookID(parsing: text) else {
      return APIError.badRequest("not a book id: \(request.pathParameters["id"] ?? "")")
    }
    do {
      guard try await library.remove(id) else { return APIError.notFound("\(id) is not saved") }
      return .json(["id": id.rawValue, "status": "removed"])
    } catch {
      return APIError.internalError(error)
    }
  }

  /// `DELETE /api/library`: removes every saved book.
  func removeAll() async -> HTTPResponse {
    do {
      return .json(["removed": try await library.removeAll()])
    } catch {
      return APIError.internalError(error)
    }
  }

  /// `GET /api/recent`: `{"books":[...]}`, newest first.
  func listRecent() async -> HTTPResponse {
    do {
      let views = try await library.recentViews()
      let entries = views.map(LibraryEntry.init)
      return .json(["books": entries])
    } catch {
      return APIError.internalError(error)
    }
  }

  /// `POST /api/recent/{id}`: records that the book was viewed.
  func recordView(_ request: HTTPRequest) async -> HTTPResponse {
    do {
      let book = try await book(for: request)
      do {
        try await library.recordView(book)
      } catch {
        return APIError.internalError(error)
      }
      return .json(["id": book.id.rawValue, "status": "viewed"])
    } catch {
      return error.response
    }
  }

  /// `GET /api/books/{id}`: `{"id","saved","book"}`.
  func bookDetails(_ request: HTTPRequest) async -> HTTPResponse {
    do {
      let book = try await book(for: request)
      let saved = (try? await library.contains(book.id)) ?? false
      return .json(LibraryEntry(book, saved: saved))
    } catch {
      return error.response
    }
  }

  /// `GET /healthz`.
  func health() async -> HTTPResponse {
    do {
      return .json(
        Health(status: "ok", provider: search.providerName, catalogBooks: try await search.catalog.count()))
    } catch {
      return APIError.internalError(error)
    }
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

private struct SavedList: Encodable {
  let books: [LibraryEntry]
  let count: Int
}

private struct SaveReply: Encodable {
  let id: String
  let title: String
  let status: String
}

private struct Health: Encodable {
  let status: String
  let provider: String
  let catalogBooks: Int

  enum CodingKeys: String, CodingKey {
    case status, provider
    case catalogBooks = "catalog_books"
  }
}
