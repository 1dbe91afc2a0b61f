// Original file: ../../proto/bezique/v1/table_service.proto

import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from '../../bezique/v1/TableInfo';

/**
 * CancelTableResponse is the cancelled table.
 */
export interface CancelTableResponse {
  /**
   * table is the table.
   */
  'table'?: (_bezique_v1_TableInfo | null);
}

/**
 * CancelTableResponse is the cancelled table.
 */
export interface CancelTableResponse__Output {
  /**
   * table is the table.
   */
  'table': (_bezique_v1_TableInfo__Output | null);
}
