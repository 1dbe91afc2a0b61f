// Original file: ../../proto/bezique/v1/table_service.proto

import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from '../../bezique/v1/TableInfo';

/**
 * ListTablesResponse is a page of tables.
 */
export interface ListTablesResponse {
  /**
   * tables are the tables.
   */
  'tables'?: (_bezique_v1_TableInfo)[];
  /**
   * next_page_token fetches the next page; empty on the last.
   */
  'next_page_token'?: (string);
}

/**
 * ListTablesResponse is a page of tables.
 */
export interface ListTablesResponse__Output {
  /**
   * tables are the tables.
   */
  'tables': (_bezique_v1_TableInfo__Output)[];
  /**
   * next_page_token fetches the next page; empty on the last.
   */
  'next_page_token': (string);
}
