// Original file: ../../proto/bezique/v1/events.proto


/**
 * Phase2Started starts phase 2, or a duel of the four-handed phase 2.
 */
export interface Phase2Started {
  /**
   * duel is 0 for phase 2 as a whole, else the duel, 1 or 2.
   */
  'duel'?: (number);
  /**
   * leader is the seat that leads.
   */
  'leader'?: (number);
}

/**
 * Phase2Started starts phase 2, or a duel of the four-handed phase 2.
 */
export interface Phase2Started__Output {
  /**
   * duel is 0 for phase 2 as a whole, else the duel, 1 or 2.
   */
  'duel': (number);
  /**
   * leader is the seat that leads.
   */
  'leader': (number);
}
