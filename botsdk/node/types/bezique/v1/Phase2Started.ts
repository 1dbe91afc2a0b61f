// Original file: ../../proto/bezique/v1/events.proto


/**
 * Phase2Started starts phase 2, or a duel of the four-handed phase 2. With the first one of a
 * deal every seat has taken its cards on the table back into its hand (RULES.md §1.7): a
 * reader that follows the hands from the events moves them there.
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
 * Phase2Started starts phase 2, or a duel of the four-handed phase 2. With the first one of a
 * deal every seat has taken its cards on the table back into its hand (RULES.md §1.7): a
 * reader that follows the hands from the events moves them there.
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
