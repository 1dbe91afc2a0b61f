// Original file: ../../proto/bezique/v1/tournament.proto


/**
 * Sprt is a match's sequential probability ratio test: H0 "the first entrant is elo0 stronger",
 * H1 "elo1 stronger", with error rates alpha and beta.
 */
export interface Sprt {
  /**
   * elo0 is H0's Elo difference, at least -1000.
   */
  'elo0'?: (number | string);
  /**
   * elo1 is H1's Elo difference, above elo0, at most 1000.
   */
  'elo1'?: (number | string);
  /**
   * alpha is the false-positive rate, at least 1e-9, with alpha + beta below 1.
   */
  'alpha'?: (number | string);
  /**
   * beta is the false-negative rate, at least 1e-9, with alpha + beta below 1.
   */
  'beta'?: (number | string);
}

/**
 * Sprt is a match's sequential probability ratio test: H0 "the first entrant is elo0 stronger",
 * H1 "elo1 stronger", with error rates alpha and beta.
 */
export interface Sprt__Output {
  /**
   * elo0 is H0's Elo difference, at least -1000.
   */
  'elo0': (number);
  /**
   * elo1 is H1's Elo difference, above elo0, at most 1000.
   */
  'elo1': (number);
  /**
   * alpha is the false-positive rate, at least 1e-9, with alpha + beta below 1.
   */
  'alpha': (number);
  /**
   * beta is the false-negative rate, at least 1e-9, with alpha + beta below 1.
   */
  'beta': (number);
}
