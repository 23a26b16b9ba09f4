import Foundation

/// One message of a `text/event-stream` response (Server-Sent Events), or a comment line.
public struct ServerSentEvent: Sendable, Equatable {
  private enum Kind: Equatable {
    case event(name: String?, data: String, id: String?)
    case comment(String)
  }

  private let kind: Kind

  /// An event; a browser's `EventSource` dispatches it as `event` (default `message`) with `data`.
  ///
  /// - Parameters:
  ///   - event: the event type; line breaks become spaces.
  ///   - data: the payload; each of its lines is sent as a `data:` line.
  ///   - id: the event id the client reports back as `Last-Event-ID`; line breaks become spaces.
  public init(event: String? = nil, data: String, id: String? = nil) {
    kind = .event(name: event.map(Self.singleLine), data: data, id: id.map(Self.singleLine))
  }

  private init(kind: Kind) { self.kind = kind }

  /// A comment line (`: text`), which clients ignore: a heartbeat, or padding.
  public static func comment(_ text: String) -> ServerSentEvent {
    ServerSentEvent(kind: .comment(text))
  }

  // MARK: - Wire format

  /// The event as it is sent: its fields, one per line, and a blank line.
  var encoded: Data {
    var text = ""
    switch kind {
    case .event(let name, let data, let id):
      if let name { text += "event: \(name)\n" }
      if let id { text += "id: \(id)\n" }
      for line in Self.lines(data) { text += "data: \(line)\n" }
    case .comment(let comment):
      for line in Self.lines(comment) { text += ": \(line)\n" }
    }
    return Data((text + "\n").utf8)
  }

  private static func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
  }

  private static func singleLine(_ text: String) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
  }
}
