// Original file: ../../proto/bezique/v1/table_service.proto

import type { Event as _bezique_v1_Event, Event__Output as _bezique_v1_Event__Output } from '../../bezique/v1/Event';

/**
 * GetReplayResponse is a finished game's events, re-derived from its record through the engine.
 */
export interface GetReplayResponse {
  /**
   * events are the game's events in order, hands and draws unredacted (the game is over); seq
   * numbers them from 1 within the replay (the table's own seqs also count connections, which a
   * record does not hold). A game that ended by forfeit ends with the events of its last action.
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
   * record does not hold). A game that ended by forfeit ends with the events of its last action.
   */
  'events': (_bezique_v1_Event__Output)[];
}
