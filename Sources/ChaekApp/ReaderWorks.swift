import BookCatalog
import BookModel

/// A reader's works: the catalog's (``BookCatalog``'s `Book.workID`), as their merges
/// (``BookModel/WorkMerge``) join them. A work merged into another is part of the work that one is
/// part of: the root its merges lead to.
struct ReaderWorks: Sendable {
  /// Every merge in force, the oldest first.
  let merges: [WorkMerge]
  /// The merge of each work merged into another.
  private let mergeOf: [WorkID: WorkMerge]

  init(_ merges: [WorkMerge]) {
    self.merges = merges
    mergeOf = Dictionary(merges.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The work `work` is part of for the reader.
  func root(of work: WorkID) -> WorkID {
    var root = work
    var seen: Set<WorkID> = [work]
    while let next = mergeOf[root]?.target, seen.insert(next).inserted { root = next }
    return root
  }

  /// The merge that joined `work` to another, if any: the one that splits it off again.
  func merge(of work: WorkID) -> WorkMerge? { mergeOf[work] }

  /// How many works are joined into `root` (itself not counted).
  func joined(into root: WorkID) -> Int {
    merges.count { self.root(of: $0.source) == root }
  }

  /// A book of each work joined in the roots of `books`' works beside `books`: what finds every
  /// edition of them, `books` first.
  func booksFindingEditions(of books: [Book]) -> [Book] {
    let roots = Set(books.map { root(of: $0.workID) })
    return books
      + merges.filter { roots.contains(root(of: $0.source)) }.flatMap { [$0.sourceBook, $0.targetBook] }
  }
}
