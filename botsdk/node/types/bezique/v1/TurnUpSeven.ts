// Original file: ../../proto/bezique/v1/events.proto


/**
 * TurnUpSeven scores the dealer's side for a turned-up seven (RULES.md §1.9.1).
 */
export interface TurnUpSeven {
  /**
   * dealer is the dealer's seat.
   */
  'dealer'?: (number);
  /**
   * side is the dealer's side.
   */
  'side'?: (number);
  /**
   * points are the points scored.
   */
  'points'?: (number);
}

/**
 * TurnUpSeven scores the dealer's side for a turned-up seven (RULES.md §1.9.1).
 */
export interface TurnUpSeven__Output {
  /**
   * dealer is the dealer's seat.
   */
  'dealer': (number);
  /**
   * side is the dealer's side.
   */
  'side': (number);
  /**
   * points are the points scored.
   */
  'points': (number);
}
