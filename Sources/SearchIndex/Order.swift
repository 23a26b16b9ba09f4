/// How a search orders documents of the same tier.
public enum Order: Sendable {
  /// By static rank, then day, then the earlier document (the lower id).
  case rank
  /// By day, newest first, then the later document (the higher id).
  case day
}
