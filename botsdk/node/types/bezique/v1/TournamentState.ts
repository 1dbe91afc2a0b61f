// Original file: ../../proto/bezique/v1/tournament.proto

/**
 * TournamentState is where a tournament stands.
 */
export const TournamentState = {
  /**
   * TOURNAMENT_STATE_UNSPECIFIED is never set.
   */
  TOURNAMENT_STATE_UNSPECIFIED: 'TOURNAMENT_STATE_UNSPECIFIED',
  /**
   * TOURNAMENT_STATE_RUNNING is playing its schedule (and resumes after a restart).
   */
  TOURNAMENT_STATE_RUNNING: 'TOURNAMENT_STATE_RUNNING',
  /**
   * TOURNAMENT_STATE_FINISHED has played its schedule, or its SPRT has decided.
   */
  TOURNAMENT_STATE_FINISHED: 'TOURNAMENT_STATE_FINISHED',
  /**
   * TOURNAMENT_STATE_CANCELLED was abandoned.
   */
  TOURNAMENT_STATE_CANCELLED: 'TOURNAMENT_STATE_CANCELLED',
} as const;

/**
 * TournamentState is where a tournament stands.
 */
export type TournamentState =
  /**
   * TOURNAMENT_STATE_UNSPECIFIED is never set.
   */
  | 'TOURNAMENT_STATE_UNSPECIFIED'
  | 0
  /**
   * TOURNAMENT_STATE_RUNNING is playing its schedule (and resumes after a restart).
   */
  | 'TOURNAMENT_STATE_RUNNING'
  | 1
  /**
   * TOURNAMENT_STATE_FINISHED has played its schedule, or its SPRT has decided.
   */
  | 'TOURNAMENT_STATE_FINISHED'
  | 2
  /**
   * TOURNAMENT_STATE_CANCELLED was abandoned.
   */
  | 'TOURNAMENT_STATE_CANCELLED'
  | 3

/**
 * TournamentState is where a tournament stands.
 */
export type TournamentState__Output = typeof TournamentState[keyof typeof TournamentState]
