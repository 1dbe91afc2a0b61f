// Original file: ../../proto/bezique/v1/tournament.proto


/**
 * Rating is a rating with its uncertainty.
 */
export interface Rating {
  /**
   * mu is the rating.
   */
  'mu'?: (number | string);
  /**
   * sigma is its standard deviation.
   */
  'sigma'?: (number | string);
}

/**
 * Rating is a rating with its uncertainty.
 */
export interface Rating__Output {
  /**
   * mu is the rating.
   */
  'mu': (number);
  /**
   * sigma is its standard deviation.
   */
  'sigma': (number);
}
