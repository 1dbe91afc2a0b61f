// Original file: ../../proto/bezique/v1/table_service.proto

import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from '../../bezique/v1/TableInfo';

/**
 * GetTableResponse is the table.
 */
export interface GetTableResponse {
  /**
   * table is the table.
   */
  'table'?: (_bezique_v1_TableInfo | null);
}

/**
 * GetTableResponse is the table.
 */
export interface GetTableResponse__Output {
  /**
   * table is the table.
   */
  'table': (_bezique_v1_TableInfo__Output | null);
}
