/// A text a document suggests (see ``Document/init(id:terms:rank:day:stored:suggestions:)``), with
/// the completion key the completion structure files it under (see ``Analyzer/completionKey(_:)``).
struct SuggestedText: Sendable {
  let field: Field
  let key: String
  let text: String

  /// The texts of `suggestions` that have a completion key, each with it.
  static func of(_ suggestions: [Field: [String]]) -> [SuggestedText] {
    suggestions.flatMap { field, texts in
      texts.compactMap { text in
        let key = Analyzer.completionKey(text)
        return key.isEmpty ? nil : SuggestedText(field: field, key: key, text: text)
      }
    }
  }
}
