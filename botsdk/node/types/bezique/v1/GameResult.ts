// Original file: ../../proto/bezique/v1/table.proto

import type { Outcome as _bezique_v1_Outcome, Outcome__Output as _bezique_v1_Outcome__Output } from '../../bezique/v1/Outcome';
import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from '../../bezique/v1/SideScore';
import type { ForfeitCause as _bezique_v1_ForfeitCause, ForfeitCause__Output as _bezique_v1_ForfeitCause__Output } from '../../bezique/v1/ForfeitCause';

/**
 * GameResult is how a game ended.
 */
export interface GameResult {
  /**
   * outcome is how the game ended.
   */
  'outcome'?: (_bezique_v1_Outcome);
  /**
   * winner_side is the winning side; unset when cancelled, for a draw, and for a forfeit in a
   * game of three or more sides (the referee names no winner of a game stopped before its end).
   */
  'winner_side'?: (number);
  /**
   * forfeit_seat is the seat that forfeited; set for OUTCOME_FORFEIT only. When several seats
   * forfeited, it is the first of forfeit_seats.
   */
  'forfeit_seat'?: (number);
  /**
   * scores are every side's final totals (deal_points 0: the last deal's are in the game's
   * GameEnded and the record's deals).
   */
  'scores'?: (_bezique_v1_SideScore)[];
  /**
   * deals is the number of deals played.
   */
  'deals'?: (number);
  /**
   * forfeit_cause is why forfeit_seats forfeited; set for OUTCOME_FORFEIT (unspecified in results
   * stored before causes were recorded).
   */
  'forfeit_cause'?: (_bezique_v1_ForfeitCause);
  /**
   * reason is the referee's words for an end other than OUTCOME_COMPLETED: the cancellation's
   * reason ("bot crashed"), or the forfeit's ("decision deadline passed"); empty when completed.
   */
  'reason'?: (string);
  /**
   * game_points is the winner's game points of a completed Rubicon or six-pack game, the
   * settlement of RULES.md §3.6.10 and §3.7.7; 0 otherwise.
   */
  'game_points'?: (number);
  /**
   * rubicon is set when the loser of a completed Rubicon or six-pack game was rubiconed.
   */
  'rubicon'?: (boolean);
  /**
   * forfeit_seats are every seat that forfeited, in seat order, for OUTCOME_FORFEIT: the one of
   * forfeit_seat, or several when the lobby bots of several sides of a tournament game (not of
   * every side: that game is cancelled) stayed absent past the tournament's absence grace
   * (docs/TOURNAMENTS.md). Every side of them lost. Empty in results stored before it existed,
   * where forfeit_seat is the only one.
   */
  'forfeit_seats'?: (number)[];
  /**
   * auto_played are, per seat in seat order, the actions the referee played for the seat: its
   * decision deadline passed, its answers stayed illegal up to the strike limit, or it was away
   * past the disconnect grace (the record's actions with an intervention other than a forfeit).
   * All 0 for a game its seats played themselves: a platform that rates its players can tell a
   * game won against a seat played by the referee (OUTCOME_COMPLETED all the same) without
   * reading the record. Empty in results recorded before it existed.
   */
  'auto_played'?: (number)[];
  '_winner_side'?: "winner_side";
  '_forfeit_seat'?: "forfeit_seat";
}

/**
 * GameResult is how a game ended.
 */
export interface GameResult__Output {
  /**
   * outcome is how the game ended.
   */
  'outcome': (_bezique_v1_Outcome__Output);
  /**
   * winner_side is the winning side; unset when cancelled, for a draw, and for a forfeit in a
   * game of three or more sides (the referee names no winner of a game stopped before its end).
   */
  'winner_side'?: (number);
  /**
   * forfeit_seat is the seat that forfeited; set for OUTCOME_FORFEIT only. When several seats
   * forfeited, it is the first of forfeit_seats.
   */
  'forfeit_seat'?: (number);
  /**
   * scores are every side's final totals (deal_points 0: the last deal's are in the game's
   * GameEnded and the record's deals).
   */
  'scores': (_bezique_v1_SideScore__Output)[];
  /**
   * deals is the number of deals played.
   */
  'deals': (number);
  /**
   * forfeit_cause is why forfeit_seats forfeited; set for OUTCOME_FORFEIT (unspecified in results
   * stored before causes were recorded).
   */
  'forfeit_cause': (_bezique_v1_ForfeitCause__Output);
  /**
   * reason is the referee's words for an end other than OUTCOME_COMPLETED: the cancellation's
   * reason ("bot crashed"), or the forfeit's ("decision deadline passed"); empty when completed.
   */
  'reason': (string);
  /**
   * game_points is the winner's game points of a completed Rubicon or six-pack game, the
   * settlement of RULES.md §3.6.10 and §3.7.7; 0 otherwise.
   */
  'game_points': (number);
  /**
   * rubicon is set when the loser of a completed Rubicon or six-pack game was rubiconed.
   */
  'rubicon': (boolean);
  /**
   * forfeit_seats are every seat that forfeited, in seat order, for OUTCOME_FORFEIT: the one of
   * forfeit_seat, or several when the lobby bots of several sides of a tournament game (not of
   * every side: that game is cancelled) stayed absent past the tournament's absence grace
   * (docs/TOURNAMENTS.md). Every side of them lost. Empty in results stored before it existed,
   * where forfeit_seat is the only one.
   */
  'forfeit_seats': (number)[];
  /**
   * auto_played are, per seat in seat order, the actions the referee played for the seat: its
   * decision deadline passed, its answers stayed illegal up to the strike limit, or it was away
   * past the disconnect grace (the record's actions with an intervention other than a forfeit).
   * All 0 for a game its seats played themselves: a platform that rates its players can tell a
   * game won against a seat played by the referee (OUTCOME_COMPLETED all the same) without
   * reading the record. Empty in results recorded before it existed.
   */
  'auto_played': (number)[];
  '_winner_side'?: "winner_side";
  '_forfeit_seat'?: "forfeit_seat";
}
