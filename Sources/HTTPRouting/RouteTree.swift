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

  /// Every node with routes that `path` reaches, most specific first: of two, the one that took a
  /// literal child where the other took the parameter comes first. A parameter matches any
  /// non-empty segment.
  func matches(of path: [Substring]) -> [Match] {
    var matches: [Match] = []
    var values: [Substring] = []
    collect(from: 0, depth: 0, path, &values, into: &matches)
    return matches
  }

  private func collect(
    from node: Int, depth: Int, _ path: [Substring], _ values: inout [Substring], into matches: inout [Match]
  ) {
    guard depth < path.count else {
      if !nodes[node].routes.isEmpty { matches.append(Match(routes: nodes[node].routes, values: values)) }
      return
    }
    let segment = path[depth]
    let literals = nodes[node].literals
    if let found = literals.index(forKey: String(segment)),
      literals[found].key.utf8.elementsEqual(segment.utf8)
    {
      collect(from: literals[found].value, depth: depth + 1, path, &values, into: &matches)
    }
    if let child = nodes[node].parameter, !segment.isEmpty {
      values.append(segment)
      collect(from: child, depth: depth + 1, path, &values, into: &matches)
      values.removeLast()
    }
  }
}
