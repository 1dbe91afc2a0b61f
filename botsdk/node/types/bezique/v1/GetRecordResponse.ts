// Original file: ../../proto/bezique/v1/table_service.proto

import type { GameRecord as _bezique_v1_GameRecord, GameRecord__Output as _bezique_v1_GameRecord__Output } from '../../bezique/v1/GameRecord';

/**
 * GetRecordResponse is the record.
 */
export interface GetRecordResponse {
  /**
   * record is the game's record.
   */
  'record'?: (_bezique_v1_GameRecord | null);
}

/**
 * GetRecordResponse is the record.
 */
export interface GetRecordResponse__Output {
  /**
   * record is the game's record.
   */
  'record': (_bezique_v1_GameRecord__Output | null);
}
