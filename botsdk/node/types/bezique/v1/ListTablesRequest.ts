// Original file: ../../proto/bezique/v1/table_service.proto

import type { TableState as _bezique_v1_TableState, TableState__Output as _bezique_v1_TableState__Output } from '../../bezique/v1/TableState';

/**
 * ListTablesRequest asks for a page of tables.
 */
export interface ListTablesRequest {
  /**
   * page_size is the most tables to return; 0 uses the server's default (50), and more than
   * 1 000 is 1 000.
   */
  'page_size'?: (number);
  /**
   * page_token is the next_page_token of the previous page; empty for the first.
   */
  'page_token'?: (string);
  /**
   * state keeps only tables in this state; unspecified keeps all.
   */
  'state'?: (_bezique_v1_TableState);
  /**
   * table_ids keeps, when set, only the tables with these ids (at most 1 000), in this order;
   * an unknown id is left out, an id given again is listed once (at its first place). The answer
   * is one page: page_token and state must be empty.
   * Referees sharing a store use it to ask the referee that plays a page's tables in play for
   * its live view of them.
   */
  'table_ids'?: (string)[];
}

/**
 * ListTablesRequest asks for a page of tables.
 */
export interface ListTablesRequest__Output {
  /**
   * page_size is the most tables to return; 0 uses the server's default (50), and more than
   * 1 000 is 1 000.
   */
  'page_size': (number);
  /**
   * page_token is the next_page_token of the previous page; empty for the first.
   */
  'page_token': (string);
  /**
   * state keeps only tables in this state; unspecified keeps all.
   */
  'state': (_bezique_v1_TableState__Output);
  /**
   * table_ids keeps, when set, only the tables with these ids (at most 1 000), in this order;
   * an unknown id is left out, an id given again is listed once (at its first place). The answer
   * is one page: page_token and state must be empty.
   * Referees sharing a store use it to ask the referee that plays a page's tables in play for
   * its live view of them.
   */
  'table_ids': (string)[];
}
