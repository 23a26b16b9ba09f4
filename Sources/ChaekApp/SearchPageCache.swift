import BookModel
import Synchronization

/// The pages the offline catalog answered in the last moment (a microcache, as a proxy that keeps
/// answers for a second is said to have): the same query asked again under load is answered from
/// memory, with no database read and no thread hop, and a query asked while its page is being read
/// waits for that read instead of reading again.
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
    case found(PageAnswer)
    /// A read of the page that began in this moment, after the catalog's write count reached the
    /// caller's: what it finds answers too, once it lands (``Flight/answer()``).
    case reading(Flight)
    /// Neither: the caller reads the page and lands this flight with it
    /// (``land(_:with:for:writes:)``), whatever happens.
    case missing(Flight)
  }

  private struct Entry {
    let answer: PageAnswer
    let expiry: ContinuousClock.Instant

    /// What the entry counts against ``bookBudget``: its books, and one for the entry itself, so
    /// that pages with no book are bounded too.
    var cost: Int { answer.page.documents.count + 1 }
  }

  private struct State {
    /// The catalog's write count the entries were read at, and the flights began after.
    var writes = 0
    var entries: [SearchQuery: Entry] = [:]
    /// The reads under way that began after the count reached ``writes``, by query.
    var flights: [SearchQuery: Flight] = [:]
    /// The queries in the order their pages were first stored, the oldest at `oldest`.
    var order: [SearchQuery] = []
    var oldest = 0
    var cost = 0

    /// Drops every entry and flight when the catalog was written since they were read (write
    /// counts only grow: a caller that read an older one meets newer entries, which answer it as
    /// well). The dropped flights still land for the requests that wait for them, which asked
    /// before the write.
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
  /// read of it under way; else a new flight for the caller's read.
  func lookUp(_ query: SearchQuery, writes: Int) -> Lookup {
    let now = ContinuousClock.now
    return state.withLock { state in
      state.catchUp(to: writes)
      if let entry = state.entries[query], now < entry.expiry { return .found(entry.answer) }
      if let flight = state.flights[query], now < flight.expiry { return .reading(flight) }
      let flight = Flight(writes: writes, expiry: now + lifetime)
      state.flights[query] = flight
      return .missing(flight)
    }
  }

  /// Ends `flight`, the read of `query`'s page, with what it came to (`nil` when the request
  /// that read was cancelled): the requests waiting for it get it, and a page is kept unless the
  /// catalog's write count, now `writes`, moved since the read began (its snapshot may predate
  /// that write), or the page's moment is already over, or a page read later is kept.
  func land(_ flight: Flight, with landing: Flight.Landing?, for query: SearchQuery, writes: Int) {
    let now = ContinuousClock.now
    state.withLock { state in
      state.catchUp(to: writes)
      if state.flights[query] === flight { state.flights[query] = nil }
      guard case .success(let answer) = landing, state.writes == flight.writes, now < flight.expiry
      else { return }
      let entry = Entry(answer: answer, expiry: flight.expiry)
      guard entry.cost <= Self.bookBudget else { return }
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
    // After the cache: a request that comes meanwhile finds the page, not a flight that landed.
    flight.land(landing)
  }
}
