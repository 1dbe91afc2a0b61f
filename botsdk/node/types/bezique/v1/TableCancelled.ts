// Original file: ../../proto/bezique/v1/events.proto


/**
 * TableCancelled is the table cancelled before the game ended.
 */
export interface TableCancelled {
  /**
   * reason is why.
   */
  'reason'?: (string);
}

/**
 * TableCancelled is the table cancelled before the game ended.
 */
export interface TableCancelled__Output {
  /**
   * reason is why.
   */
  'reason': (string);
}
