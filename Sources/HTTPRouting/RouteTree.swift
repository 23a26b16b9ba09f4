import HTTPTransport

/// The routes' patterns as a tree of segments, so that a path is matched by following it rather
/// than by trying every route: a node per pattern prefix, with a child per literal segment and one
/// for any parameter segment, whatever its name.
///
/// Nodes are kept in one array and name their children by index.
struct RouteTree: Sendable {
  private struct Node: Sendable {
    /// The children by literal segment. `String` equality holds canonically equivalent texts equal
    /// (`\u{212A}`, the Kelvin sign, is `K`), so a child found is taken only if its key's bytes are
    /// the segment's, as a literal matches byte for byte.
    var literals: [String: Int] = [:]
    var parameter: Int?
    /// The routes whose pattern ends here, as indices into the router's routes, in the order added.
    var routes: [Int] = []
  }

  /// A node where a path ends that has routes, with the values of the path's parameter segments.
  struct Match {
    /// The routes ending there, as indices into the router's routes, in the order added.
    let routes: [Int]
    /// The path's segments that matched parameters, in order.
    let values: [Substring]
  }

  private var nodes = [Node()]

  /// Adds the route at `index` of the router's routes, whose pattern has `segments`.
  mutating func add(_ segments: [Route.Segment], index: Int) {
    var node = 0
    for segment in segments {
      switch segment {
      case .literal(let text):
        if let child = nodes[node].literals[text] {
          node = child
        } else {
          nodes.append(Node())
          nodes[node].literals[text] = nodes.count - 1
          node = nodes.count - 1
        }
      case .parameter:
        if let child = nodes[node].parameter {
          node = child
        } else {
          nodes.append(Node())
          nodes[node].parameter = nodes.count - 1
          node = nodes.count - 1
        }
      }
    }
    nodes[node].routes.append(index)
  }

  /// The first of the routes that `path` reaches that `pick` picks, with the values of the path's
  /// parameter segments; `nil` when it picks none. Nodes are visited most specific first: of two,
  /// the one that took a literal child where the other took the parameter comes first; `pick` gets
  /// each one's routes (indices into the router's routes, in the order added) and returns one of
  /// them or `nil`. A parameter matches any non-empty segment.
  ///
  /// - Parameter path: the path's segments, separated by `/`, without the path's leading `/`.
  func first(of path: Substring, _ pick: ([Int]) -> Int?) -> (route: Int, values: [Substring])? {
    var values: [Substring] = []
    var found: Int?
    walk(from: 0, path, &values) { routes, values in
      found = pick(routes)
      return found != nil
    }
    return found.map { ($0, values) }
  }

  /// Every node with routes that `path` reaches (see ``first(of:_:)``), most specific first.
  func matches(of path: Substring) -> [Match] {
    var matches: [Match] = []
    var values: [Substring] = []
    walk(from: 0, path, &values) { routes, values in
      matches.append(Match(routes: routes, values: values))
      return false
    }
    return matches
  }

  /// Follows `rest` (the segments still to match, `nil` once every one has matched) from `node`,
  /// calling `visit` with each node with routes where the path ends; `true` when `visit` returned
  /// `true` (stop), with `values` as they were then.
  private func walk(
    from node: Int, _ rest: Substring?, _ values: inout [Substring],
    _ visit: ([Int], [Substring]) -> Bool
  ) -> Bool {
    guard let rest else { return !nodes[node].routes.isEmpty && visit(nodes[node].routes, values) }
    let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/"))
    let segment = rest[..<(slash ?? rest.endIndex)]
    let next = slash.map { rest[rest.utf8.index(after: $0)...] }
    let literals = nodes[node].literals
    if let found = literals.index(forKey: String(segment)),
      literals[found].key.utf8.elementsEqual(segment.utf8),
      walk(from: literals[found].value, next, &values, visit)
    {
      return true
    }
    if let child = nodes[node].parameter, !segment.isEmpty {
      values.append(segment)
      if walk(from: child, next, &values, visit) { return true }
      values.removeLast()
    }
    return false
  }
}
