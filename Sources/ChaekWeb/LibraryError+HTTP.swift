import BookModel
import ChaekApp
import HTTPRouting
import HTTPTransport

extension LibraryError: HTTPResponseError {
  /// A refused library change as Kakao-shaped JSON with the library's own message: 404 `NotFound`
  /// for a book that is not saved or a note or reading that does not exist, 409 `Conflict` for a
  /// stale edit or change, or a restore into a library that holds books, 409 `OtherEditionSaved`
  /// for an edition of a work saved in another, 400 `InvalidArgument` for a value the
  /// library does not keep.
  public var response: HTTPResponse {
    let (status, errorType) =
      switch self {
      case .notSaved, .unknownBook, .noSuchRecord: (404, "NotFound")
      case .staleEdit, .staleChange, .notEmpty: (409, "Conflict")
      case .otherEditionSaved: (409, "OtherEditionSaved")
      case .invalid: (400, "InvalidArgument")
      }
    return APIError(status: status, errorType: errorType, message: description).response
  }
}
