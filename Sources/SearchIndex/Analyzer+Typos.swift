/// Typos: a long Latin word that matches nothing may be one letter off.
extension Analyzer {
  /// The query's words that may be typos: Latin words of five to twenty letters (a longer word
  /// is no word anyone misspelt, and would have thousands of variants).
  public static func typoWords(_ query: String) -> [String] {
    queryTerms(query).compactMap { term in
      guard case .word(let word) = term, (5...20).contains(word.count),
        word.allSatisfy({ $0.isASCII && $0.isLetter })
      else {
        return nil
      }
      return word
    }
  }

  /// Every word one edit away (insert, delete, replace or swap a letter a–z) from a lowercase
  /// Latin word, the word itself first.
  public static func typoVariants(of word: String) -> [String] {
    let letters = Array(word)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    var variants: [String] = [word]
    var seen: Set<String> = [word]
    func add(_ characters: [Character]) {
      let variant = String(characters)
      if seen.insert(variant).inserted { variants.append(variant) }
    }
    for index in 0...letters.count {
      for letter in alphabet { add(Array(letters[..<index]) + [letter] + Array(letters[index...])) }
      guard index < letters.count else { continue }
      add(Array(letters[..<index]) + Array(letters[(index + 1)...]))
      for letter in alphabet where letter != letters[index] {
        var replaced = letters
        replaced[index] = letter
        add(replaced)
      }
      if index + 1 < letters.count {
        var swapped = letters
        swapped.swapAt(index, index + 1)
        add(swapped)
      }
    }
    return variants
  }
}
