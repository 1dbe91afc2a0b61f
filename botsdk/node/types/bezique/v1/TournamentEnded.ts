// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { TournamentState as _bezique_v1_TournamentState, TournamentState__Output as _bezique_v1_TournamentState__Output } from '../../bezique/v1/TournamentState';

/**
 * TournamentEnded is the last message of a lobby stream whose tournament has ended.
 */
export interface TournamentEnded {
  /**
   * tournament_id is the tournament's id (ServeRequest.tournament_id).
   */
  'tournament_id'?: (string);
  /**
   * state is how it ended: TOURNAMENT_STATE_FINISHED or TOURNAMENT_STATE_CANCELLED.
   */
  'state'?: (_bezique_v1_TournamentState);
}

/**
 * TournamentEnded is the last message of a lobby stream whose tournament has ended.
 */
export interface TournamentEnded__Output {
  /**
   * tournament_id is the tournament's id (ServeRequest.tournament_id).
   */
  'tournament_id': (string);
  /**
   * state is how it ended: TOURNAMENT_STATE_FINISHED or TOURNAMENT_STATE_CANCELLED.
   */
  'state': (_bezique_v1_TournamentState__Output);
}
