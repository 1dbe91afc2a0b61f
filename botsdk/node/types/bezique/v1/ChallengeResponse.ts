// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from '../../bezique/v1/TableInfo';

/**
 * ChallengeResponse is the created table.
 */
export interface ChallengeResponse {
  /**
   * table is the created table; its lobby bots have been told.
   */
  'table'?: (_bezique_v1_TableInfo | null);
}

/**
 * ChallengeResponse is the created table.
 */
export interface ChallengeResponse__Output {
  /**
   * table is the created table; its lobby bots have been told.
   */
  'table': (_bezique_v1_TableInfo__Output | null);
}
