// Original file: ../../proto/bezique/v1/table.proto

/**
 * FailureAction is what the referee does when a seat fails.
 */
export const FailureAction = {
  /**
   * FAILURE_ACTION_UNSPECIFIED is the server's default.
   */
  FAILURE_ACTION_UNSPECIFIED: 'FAILURE_ACTION_UNSPECIFIED',
  /**
   * FAILURE_ACTION_AUTO_PLAY plays a legal action for the seat.
   */
  FAILURE_ACTION_AUTO_PLAY: 'FAILURE_ACTION_AUTO_PLAY',
  /**
   * FAILURE_ACTION_FORFEIT ends the game, the seat's side losing.
   */
  FAILURE_ACTION_FORFEIT: 'FAILURE_ACTION_FORFEIT',
} as const;

/**
 * FailureAction is what the referee does when a seat fails.
 */
export type FailureAction =
  /**
   * FAILURE_ACTION_UNSPECIFIED is the server's default.
   */
  | 'FAILURE_ACTION_UNSPECIFIED'
  | 0
  /**
   * FAILURE_ACTION_AUTO_PLAY plays a legal action for the seat.
   */
  | 'FAILURE_ACTION_AUTO_PLAY'
  | 1
  /**
   * FAILURE_ACTION_FORFEIT ends the game, the seat's side losing.
   */
  | 'FAILURE_ACTION_FORFEIT'
  | 2

/**
 * FailureAction is what the referee does when a seat fails.
 */
export type FailureAction__Output = typeof FailureAction[keyof typeof FailureAction]
