// Original file: ../../proto/bezique/v1/table_service.proto

import type { Event as _bezique_v1_Event, Event__Output as _bezique_v1_Event__Output } from '../../bezique/v1/Event';

/**
 * GetReplayResponse is a finished game's events, re-derived from its record through the engine.
 */
export interface GetReplayResponse {
  /**
   * events are the game's events in order, hands and draws unredacted (the game is over); seq
   * numbers them from 1 within the replay (the table's own seqs also count connections, which a
   * record does not hold). An action the referee chose for a seat (auto-play at a timeout, ...)
   * is announced by an intervention event before its events, as the table announced it, without
   * its reason (a record does not keep it). A game that ended by forfeit ends with the
   * intervention of each seat that forfeited.
   */
  'events'?: (_bezique_v1_Event)[];
}

/**
 * GetReplayResponse is a finished game's events, re-derived from its record through the engine.
 */
export interface GetReplayResponse__Output {
  /**
   * events are the game's events in order, hands and draws unredacted (the game is over); seq
   * numbers them from 1 within the replay (the table's own seqs also count connections, which a
   * record does not hold). An action the referee chose for a seat (auto-play at a timeout, ...)
   * is announced by an intervention event before its events, as the table announced it, without
   * its reason (a record does not keep it). A game that ended by forfeit ends with the
   * intervention of each seat that forfeited.
   */
  'events': (_bezique_v1_Event__Output)[];
}
