import BookModel
import Synchronization

/// The pages the offline catalog answered in the last moment (a microcache, as a proxy that keeps
/// answers for a second is said to have): the same query asked again under load is answered from
/// memory, with no database read and no thread hop.
///
/// A page answers for a moment (``lifetime``, 250 ms unless told) after its read began, and only
/// while the catalog's ``BookCatalog/Catalog/writeCount`` is the one read before it: this
/// process's changes show at once, another process's (a `chaek import` beside the server) within
/// ``lifetime``. The pages hold ``bookBudget`` books at most, the oldest dropped first.
final class SearchPageCache: Sendable {
  /// The most books the cached pages hold together.
  static let bookBudget = 4_096

  /// How long a page answers after its read began.
  let lifetime: Duration

  /// What a search finds in the cache.
  enum Lookup {
    /// A page that answers.
    case found(SearchPage)
    /// None: the page about to be read is stored with this ticket (``store(_:for:with:writes:)``).
    case missing(Ticket)
  }

  /// The catalog's write count and the moment a read began, for the page it reads.
  struct Ticket {
    fileprivate let writes: Int
    fileprivate let expiry: ContinuousClock.Instant
  }

  private struct Entry {
    let page: SearchPage
    let expiry: ContinuousClock.Instant

    /// What the entry counts against ``bookBudget``: its books, and one for the entry itself, so
    /// that pages with no book are bounded too.
    var cost: Int { page.documents.count + 1 }
  }

  private struct State {
    /// The catalog's write count the entries were read at.
    var writes = 0
    var entries: [SearchQuery: Entry] = [:]
    /// The queries in the order their pages were first stored, the oldest at `oldest`.
    var order: [SearchQuery] = []
    var oldest = 0
    var cost = 0

    /// Drops every entry when the catalog was written since they were read (write counts only
    /// grow: a caller that read an older one meets newer entries, which answer it as well).
    mutating func catchUp(to writes: Int) {
      guard writes > self.writes else { return }
      self = State(writes: writes)
    }

    /// Drops the oldest entries until the pages are within ``bookBudget``.
    mutating func evict() {
      while cost > SearchPageCache.bookBudget, oldest < order.count {
        cost -= entries.removeValue(forKey: order[oldest])?.cost ?? 0
        oldest += 1
      }
      if oldest > order.count / 2 {
        order.removeFirst(oldest)
        oldest = 0
      }
    }
  }

  private let state = Mutex(State())

  /// An empty cache whose pages answer for `lifetime`.
  init(lifetime: Duration = .milliseconds(250)) {
    self.lifetime = lifetime
  }

  /// The page of `query` if one answers now, the catalog's write count being `writes`; else the
  /// ticket to store the page about to be read.
  func lookUp(_ query: SearchQuery, writes: Int) -> Lookup {
    let now = ContinuousClock.now
    return state.withLock { state in
      state.catchUp(to: writes)
      if let entry = state.entries[query], now < entry.expiry { return .found(entry.page) }
      return .missing(Ticket(writes: writes, expiry: now + lifetime))
    }
  }

  /// Keeps `page`, read for `query` once `ticket` was given, unless the catalog's write count,
  /// now `writes`, moved since (the read's snapshot may predate that write), or the page's moment
  /// is already over, or a page read later is kept.
  func store(_ page: SearchPage, for query: SearchQuery, with ticket: Ticket, writes: Int) {
    let entry = Entry(page: page, expiry: ticket.expiry)
    guard ticket.writes == writes, entry.cost <= Self.bookBudget, ContinuousClock.now < entry.expiry
    else { return }
    state.withLock { state in
      state.catchUp(to: writes)
      guard state.writes == writes else { return }
      if let old = state.entries[query] {
        guard old.expiry < entry.expiry else { return }
        state.cost -= old.cost
      } else {
        state.order.append(query)
      }
      state.entries[query] = entry
      state.cost += entry.cost
      state.evict()
    }
  }
}
