// Original file: ../../proto/bezique/v1/table_service.proto

import type { TableInfo as _bezique_v1_TableInfo, TableInfo__Output as _bezique_v1_TableInfo__Output } from '../../bezique/v1/TableInfo';

/**
 * ListGamesResponse is a page of finished games.
 */
export interface ListGamesResponse {
  /**
   * games are the games.
   */
  'games'?: (_bezique_v1_TableInfo)[];
  /**
   * next_page_token fetches the next page; empty on the last.
   */
  'next_page_token'?: (string);
}

/**
 * ListGamesResponse is a page of finished games.
 */
export interface ListGamesResponse__Output {
  /**
   * games are the games.
   */
  'games': (_bezique_v1_TableInfo__Output)[];
  /**
   * next_page_token fetches the next page; empty on the last.
   */
  'next_page_token': (string);
}
