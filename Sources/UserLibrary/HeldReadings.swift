import BookImport
import BookModel

/// The readings a book holds, each taken once by an imported reading it stands for: by the same
/// pair of days, or by the day the imported reading gives when it leaves the other out. Each take
/// finds the first reading stored that fits, in constant time on average, so matching a record
/// against the journal takes time linear in their readings.
struct HeldReadings {
  private typealias Reading = ReadingRecord.Reading

  /// What an imported reading is matched by.
  private enum Key: Hashable {
    case pair(Reading)
    case started(CalendarDay)
    case finished(CalendarDay)
    case any
  }

  /// The readings' positions by key, first stored first, and how many of them were looked past.
  private var positions: [Key: (all: [Int], next: Int)] = [:]
  private var taken: [Bool]

  /// The readings of a book, in the order they were stored.
  init(_ readings: [ReadingRecord.Reading]) {
    taken = Array(repeating: false, count: readings.count)
    for (position, reading) in readings.enumerated() {
      var keys: [Key] = [.pair(reading), .any]
      if let started = reading.started { keys.append(.started(started)) }
      if let finished = reading.finished { keys.append(.finished(finished)) }
      for key in keys { positions[key, default: ([], 0)].all.append(position) }
    }
  }

  /// Takes the first reading not taken yet with exactly `reading`'s days; `false` when none is left.
  mutating func takeSame(as reading: ReadingRecord.Reading) -> Bool {
    take(.pair(reading))
  }

  /// Takes the first reading not taken yet that `reading` may stand for: a day `reading` leaves out
  /// is unknown, so it fits any; `false` when none is left.
  mutating func takeFitting(_ reading: ReadingRecord.Reading) -> Bool {
    switch (reading.started, reading.finished) {
    case (nil, nil): take(.any)
    case (let started?, nil): take(.started(started))
    case (nil, let finished?): take(.finished(finished))
    case (_?, _?): take(.pair(reading))
    }
  }

  private mutating func take(_ key: Key) -> Bool {
    guard var entry = positions[key] else { return false }
    defer { positions[key] = entry }
    while entry.next < entry.all.count {
      let position = entry.all[entry.next]
      entry.next += 1
      if !taken[position] {
        taken[position] = true
        return true
      }
    }
    return false
  }
}
