// Original file: ../../proto/bezique/v1/events.proto


/**
 * LastTrickScored scores the last trick (RULES.md §1.11).
 */
export interface LastTrickScored {
  /**
   * seat is the seat that won the last trick.
   */
  'seat'?: (number);
  /**
   * side is the seat's side.
   */
  'side'?: (number);
  /**
   * points are the points scored.
   */
  'points'?: (number);
}

/**
 * LastTrickScored scores the last trick (RULES.md §1.11).
 */
export interface LastTrickScored__Output {
  /**
   * seat is the seat that won the last trick.
   */
  'seat': (number);
  /**
   * side is the seat's side.
   */
  'side': (number);
  /**
   * points are the points scored.
   */
  'points': (number);
}
