// Original file: ../../proto/bezique/v1/table.proto

/**
 * Outcome is how a game ended.
 */
export const Outcome = {
  /**
   * OUTCOME_UNSPECIFIED is not ended, or any outcome (as a filter).
   */
  OUTCOME_UNSPECIFIED: 'OUTCOME_UNSPECIFIED',
  /**
   * OUTCOME_COMPLETED is a game played to its end.
   */
  OUTCOME_COMPLETED: 'OUTCOME_COMPLETED',
  /**
   * OUTCOME_FORFEIT is a game ended by a seat's forfeit.
   */
  OUTCOME_FORFEIT: 'OUTCOME_FORFEIT',
  /**
   * OUTCOME_CANCELLED is a game cancelled without a result.
   */
  OUTCOME_CANCELLED: 'OUTCOME_CANCELLED',
  /**
   * OUTCOME_EXPIRED is a table that waited longer than the referee's limit for its seats; no result.
   */
  OUTCOME_EXPIRED: 'OUTCOME_EXPIRED',
} as const;

/**
 * Outcome is how a game ended.
 */
export type Outcome =
  /**
   * OUTCOME_UNSPECIFIED is not ended, or any outcome (as a filter).
   */
  | 'OUTCOME_UNSPECIFIED'
  | 0
  /**
   * OUTCOME_COMPLETED is a game played to its end.
   */
  | 'OUTCOME_COMPLETED'
  | 1
  /**
   * OUTCOME_FORFEIT is a game ended by a seat's forfeit.
   */
  | 'OUTCOME_FORFEIT'
  | 2
  /**
   * OUTCOME_CANCELLED is a game cancelled without a result.
   */
  | 'OUTCOME_CANCELLED'
  | 3
  /**
   * OUTCOME_EXPIRED is a table that waited longer than the referee's limit for its seats; no result.
   */
  | 'OUTCOME_EXPIRED'
  | 4

/**
 * Outcome is how a game ended.
 */
export type Outcome__Output = typeof Outcome[keyof typeof Outcome]
