// Original file: ../../proto/bezique/v1/table.proto

/**
 * TableState is where a table stands.
 */
export const TableState = {
  /**
   * TABLE_STATE_UNSPECIFIED is any state (as a filter) or none.
   */
  TABLE_STATE_UNSPECIFIED: 'TABLE_STATE_UNSPECIFIED',
  /**
   * TABLE_STATE_WAITING is a table waiting for its remote seats to join.
   */
  TABLE_STATE_WAITING: 'TABLE_STATE_WAITING',
  /**
   * TABLE_STATE_PLAYING is a game in progress.
   */
  TABLE_STATE_PLAYING: 'TABLE_STATE_PLAYING',
  /**
   * TABLE_STATE_FINISHED is a game over, its record available.
   */
  TABLE_STATE_FINISHED: 'TABLE_STATE_FINISHED',
  /**
   * TABLE_STATE_CANCELLED is a table cancelled before the game ended (an expired one is
   * TABLE_STATE_EXPIRED).
   */
  TABLE_STATE_CANCELLED: 'TABLE_STATE_CANCELLED',
  /**
   * TABLE_STATE_QUARANTINED is a stored table whose data cannot be read or replayed: the referee
   * does not play it and says why in TableInfo.quarantine_reason. Its data stays in the store.
   */
  TABLE_STATE_QUARANTINED: 'TABLE_STATE_QUARANTINED',
  /**
   * TABLE_STATE_EXPIRED is a table that waited longer than the referee's --waiting-expiry for its
   * seats (outcome OUTCOME_EXPIRED): no game started, no result. Before this state existed such a
   * table was listed as TABLE_STATE_CANCELLED.
   */
  TABLE_STATE_EXPIRED: 'TABLE_STATE_EXPIRED',
} as const;

/**
 * TableState is where a table stands.
 */
export type TableState =
  /**
   * TABLE_STATE_UNSPECIFIED is any state (as a filter) or none.
   */
  | 'TABLE_STATE_UNSPECIFIED'
  | 0
  /**
   * TABLE_STATE_WAITING is a table waiting for its remote seats to join.
   */
  | 'TABLE_STATE_WAITING'
  | 1
  /**
   * TABLE_STATE_PLAYING is a game in progress.
   */
  | 'TABLE_STATE_PLAYING'
  | 2
  /**
   * TABLE_STATE_FINISHED is a game over, its record available.
   */
  | 'TABLE_STATE_FINISHED'
  | 3
  /**
   * TABLE_STATE_CANCELLED is a table cancelled before the game ended (an expired one is
   * TABLE_STATE_EXPIRED).
   */
  | 'TABLE_STATE_CANCELLED'
  | 4
  /**
   * TABLE_STATE_QUARANTINED is a stored table whose data cannot be read or replayed: the referee
   * does not play it and says why in TableInfo.quarantine_reason. Its data stays in the store.
   */
  | 'TABLE_STATE_QUARANTINED'
  | 5
  /**
   * TABLE_STATE_EXPIRED is a table that waited longer than the referee's --waiting-expiry for its
   * seats (outcome OUTCOME_EXPIRED): no game started, no result. Before this state existed such a
   * table was listed as TABLE_STATE_CANCELLED.
   */
  | 'TABLE_STATE_EXPIRED'
  | 6

/**
 * TableState is where a table stands.
 */
export type TableState__Output = typeof TableState[keyof typeof TableState]
