/// What documents to match: a tree of terms, evaluated to a ``DocIDSet`` by
/// ``Searcher/matches(_:)``.
public indirect enum Query: Sendable {
  /// The documents holding a term.
  case term(Term)
  /// The documents holding any of the first `limit` terms of the field that begin with the term's
  /// token, in term order, read from at most `limit` postings rows (a bound on the work of a short
  /// prefix).
  case prefix(Term, limit: Int)
  /// The documents matching every query; none for no query. Stops at the first that leaves none.
  case all([Query])
  /// The documents matching any of the queries.
  case any([Query])
  /// The documents of `query` in which every phrase occurs as written in one of `fields` (the
  /// index holds no positions: a phrase's tokens can match apart, so the texts decide).
  case containing([String], in: [StoredField], Query)

  /// A token in any of `fields`.
  public static func token(_ token: String, in fields: [Field]) -> Query {
    .any(fields.map { .term(Term(token, in: $0)) })
  }
}
