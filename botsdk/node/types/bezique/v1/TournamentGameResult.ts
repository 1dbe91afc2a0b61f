// Original file: ../../proto/bezique/v1/tournament.proto

import type { Outcome as _bezique_v1_Outcome, Outcome__Output as _bezique_v1_Outcome__Output } from '../../bezique/v1/Outcome';
import type { SeatConduct as _bezique_v1_SeatConduct, SeatConduct__Output as _bezique_v1_SeatConduct__Output } from '../../bezique/v1/SeatConduct';
import type { ForfeitCause as _bezique_v1_ForfeitCause, ForfeitCause__Output as _bezique_v1_ForfeitCause__Output } from '../../bezique/v1/ForfeitCause';
import type { SprtDecision as _bezique_v1_SprtDecision, SprtDecision__Output as _bezique_v1_SprtDecision__Output } from '../../bezique/v1/SprtDecision';

/**
 * TournamentGameResult is one played game of a tournament's schedule.
 */
export interface TournamentGameResult {
  /**
   * game is the game's index in the schedule, from 0.
   */
  'game'?: (number);
  /**
   * table_id is the table it was played on (GetRecord replays it).
   */
  'table_id'?: (string);
  /**
   * outcome is how the game ended.
   */
  'outcome'?: (_bezique_v1_Outcome);
  /**
   * winner_side is the winning side; unset for none.
   */
  'winner_side'?: (number);
  /**
   * forfeit_seat is the seat that forfeited, if one did; the first of forfeit_seats when several
   * did.
   */
  'forfeit_seat'?: (number);
  /**
   * scores are every side's final totals.
   */
  'scores'?: (number)[];
  /**
   * seats are what each seat did, in seat order.
   */
  'seats'?: (_bezique_v1_SeatConduct)[];
  /**
   * entrants are the ids (TournamentSpec.entrants) of the entrants that held each seat, in seat
   * order, from the schedule.
   */
  'entrants'?: (string)[];
  /**
   * forfeit_cause is why forfeit_seats forfeited; unspecified for a game not forfeited, and in
   * results stored before causes were kept.
   */
  'forfeit_cause'?: (_bezique_v1_ForfeitCause);
  /**
   * reason is the referee's words for an end other than OUTCOME_COMPLETED, as GameResult.reason.
   */
  'reason'?: (string);
  /**
   * sprt is set on the result that reached the verdict of its match's SPRT: the test as it stood
   * with this result counted. Unset on every other result.
   */
  'sprt'?: (_bezique_v1_SprtDecision | null);
  /**
   * forfeit_seats are every seat that forfeited, in seat order, as GameResult.forfeit_seats:
   * several when the lobby bots of several sides were absent past the absence grace. Empty in
   * results stored before it existed, where forfeit_seat is the only one.
   */
  'forfeit_seats'?: (number)[];
  '_winner_side'?: "winner_side";
  '_forfeit_seat'?: "forfeit_seat";
}

/**
 * TournamentGameResult is one played game of a tournament's schedule.
 */
export interface TournamentGameResult__Output {
  /**
   * game is the game's index in the schedule, from 0.
   */
  'game': (number);
  /**
   * table_id is the table it was played on (GetRecord replays it).
   */
  'table_id': (string);
  /**
   * outcome is how the game ended.
   */
  'outcome': (_bezique_v1_Outcome__Output);
  /**
   * winner_side is the winning side; unset for none.
   */
  'winner_side'?: (number);
  /**
   * forfeit_seat is the seat that forfeited, if one did; the first of forfeit_seats when several
   * did.
   */
  'forfeit_seat'?: (number);
  /**
   * scores are every side's final totals.
   */
  'scores': (number)[];
  /**
   * seats are what each seat did, in seat order.
   */
  'seats': (_bezique_v1_SeatConduct__Output)[];
  /**
   * entrants are the ids (TournamentSpec.entrants) of the entrants that held each seat, in seat
   * order, from the schedule.
   */
  'entrants': (string)[];
  /**
   * forfeit_cause is why forfeit_seats forfeited; unspecified for a game not forfeited, and in
   * results stored before causes were kept.
   */
  'forfeit_cause': (_bezique_v1_ForfeitCause__Output);
  /**
   * reason is the referee's words for an end other than OUTCOME_COMPLETED, as GameResult.reason.
   */
  'reason': (string);
  /**
   * sprt is set on the result that reached the verdict of its match's SPRT: the test as it stood
   * with this result counted. Unset on every other result.
   */
  'sprt': (_bezique_v1_SprtDecision__Output | null);
  /**
   * forfeit_seats are every seat that forfeited, in seat order, as GameResult.forfeit_seats:
   * several when the lobby bots of several sides were absent past the absence grace. Empty in
   * results stored before it existed, where forfeit_seat is the only one.
   */
  'forfeit_seats': (number)[];
  '_winner_side'?: "winner_side";
  '_forfeit_seat'?: "forfeit_seat";
}
