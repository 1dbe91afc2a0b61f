// Original file: ../../proto/bezique/v1/events.proto


/**
 * BrisquesScored scores a side's brisques (or card points) at the end of a deal.
 */
export interface BrisquesScored {
  /**
   * side is the side scoring.
   */
  'side'?: (number);
  /**
   * count is the number of brisques (or the card points).
   */
  'count'?: (number);
  /**
   * points are the points scored.
   */
  'points'?: (number);
}

/**
 * BrisquesScored scores a side's brisques (or card points) at the end of a deal.
 */
export interface BrisquesScored__Output {
  /**
   * side is the side scoring.
   */
  'side': (number);
  /**
   * count is the number of brisques (or the card points).
   */
  'count': (number);
  /**
   * points are the points scored.
   */
  'points': (number);
}
