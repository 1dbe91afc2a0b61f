// Original file: ../../proto/bezique/v1/events.proto


/**
 * MeldPassed is the trick winner passing the meld privilege to the partner.
 */
export interface MeldPassed {
  /**
   * seat is the trick winner.
   */
  'seat'?: (number);
}

/**
 * MeldPassed is the trick winner passing the meld privilege to the partner.
 */
export interface MeldPassed__Output {
  /**
   * seat is the trick winner.
   */
  'seat': (number);
}
