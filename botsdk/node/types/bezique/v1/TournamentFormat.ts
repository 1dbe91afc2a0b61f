// Original file: ../../proto/bezique/v1/tournament.proto

/**
 * TournamentFormat is how a tournament pairs its entrants.
 */
export const TournamentFormat = {
  /**
   * TOURNAMENT_FORMAT_UNSPECIFIED is the default, a round robin.
   */
  TOURNAMENT_FORMAT_UNSPECIFIED: 'TOURNAMENT_FORMAT_UNSPECIFIED',
  /**
   * TOURNAMENT_FORMAT_ROUND_ROBIN plays every group of entrants against each other.
   */
  TOURNAMENT_FORMAT_ROUND_ROBIN: 'TOURNAMENT_FORMAT_ROUND_ROBIN',
  /**
   * TOURNAMENT_FORMAT_GAUNTLET plays the first entrant against every group of the others.
   */
  TOURNAMENT_FORMAT_GAUNTLET: 'TOURNAMENT_FORMAT_GAUNTLET',
  /**
   * TOURNAMENT_FORMAT_MATCH is a head-to-head of two entrants, stopped early by its SPRT.
   */
  TOURNAMENT_FORMAT_MATCH: 'TOURNAMENT_FORMAT_MATCH',
} as const;

/**
 * TournamentFormat is how a tournament pairs its entrants.
 */
export type TournamentFormat =
  /**
   * TOURNAMENT_FORMAT_UNSPECIFIED is the default, a round robin.
   */
  | 'TOURNAMENT_FORMAT_UNSPECIFIED'
  | 0
  /**
   * TOURNAMENT_FORMAT_ROUND_ROBIN plays every group of entrants against each other.
   */
  | 'TOURNAMENT_FORMAT_ROUND_ROBIN'
  | 1
  /**
   * TOURNAMENT_FORMAT_GAUNTLET plays the first entrant against every group of the others.
   */
  | 'TOURNAMENT_FORMAT_GAUNTLET'
  | 2
  /**
   * TOURNAMENT_FORMAT_MATCH is a head-to-head of two entrants, stopped early by its SPRT.
   */
  | 'TOURNAMENT_FORMAT_MATCH'
  | 3

/**
 * TournamentFormat is how a tournament pairs its entrants.
 */
export type TournamentFormat__Output = typeof TournamentFormat[keyof typeof TournamentFormat]
