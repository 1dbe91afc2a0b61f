// Original file: ../../proto/bezique/v1/tournament.proto


/**
 * EloInterval is an Elo difference with its 95 % interval.
 */
export interface EloInterval {
  /**
   * elo is the estimate.
   */
  'elo'?: (number | string);
  /**
   * lo is the interval's lower end.
   */
  'lo'?: (number | string);
  /**
   * hi is the interval's upper end.
   */
  'hi'?: (number | string);
}

/**
 * EloInterval is an Elo difference with its 95 % interval.
 */
export interface EloInterval__Output {
  /**
   * elo is the estimate.
   */
  'elo': (number);
  /**
   * lo is the interval's lower end.
   */
  'lo': (number);
  /**
   * hi is the interval's upper end.
   */
  'hi': (number);
}
