// Original file: ../../proto/bezique/v1/table_service.proto

import type { SeatToken as _bezique_v1_SeatToken, SeatToken__Output as _bezique_v1_SeatToken__Output } from '../../bezique/v1/SeatToken';
import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from '../../bezique/v1/TableInfo';

/**
 * CreateTableResponse is the created table.
 */
export interface CreateTableResponse {
  /**
   * table_id is the new table's id.
   */
  'table_id'?: (string);
  /**
   * seat_tokens are the remote seats' secrets.
   */
  'seat_tokens'?: (_bezique_v1_SeatToken)[];
  /**
   * seed_commitment is the commitment to the seed, SHA-256(seed_salt || seed) in lowercase hex
   * (docs/DEALING.md); the record reveals the salt and the seed.
   */
  'seed_commitment'?: (string);
  /**
   * table is the new table.
   */
  'table'?: (_bezique_v1_TableInfo | null);
}

/**
 * CreateTableResponse is the created table.
 */
export interface CreateTableResponse__Output {
  /**
   * table_id is the new table's id.
   */
  'table_id': (string);
  /**
   * seat_tokens are the remote seats' secrets.
   */
  'seat_tokens': (_bezique_v1_SeatToken__Output)[];
  /**
   * seed_commitment is the commitment to the seed, SHA-256(seed_salt || seed) in lowercase hex
   * (docs/DEALING.md); the record reveals the salt and the seed.
   */
  'seed_commitment': (string);
  /**
   * table is the new table.
   */
  'table': (_bezique_v1_TableInfo__Output | null);
}
