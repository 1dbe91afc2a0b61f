// Original file: ../../proto/bezique/v1/table_service.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';
import type { Outcome as _bezique_v1_Outcome, Outcome__Output as _bezique_v1_Outcome__Output } from '../../bezique/v1/Outcome';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';

/**
 * ListGamesRequest asks for a page of finished games.
 */
export interface ListGamesRequest {
  /**
   * page_size is the most games to return; 0 uses the server's default (50), and more than
   * 1 000 is 1 000.
   */
  'page_size'?: (number);
  /**
   * page_token is the next_page_token of the previous page; empty for the first.
   */
  'page_token'?: (string);
  /**
   * bot_name keeps games in which a seat's bot (or builtin bot) has this name (at most 64 bytes,
   * no control characters).
   */
  'bot_name'?: (string);
  /**
   * variant keeps games of this variant; unspecified keeps all.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * outcome keeps games that ended this way; unspecified keeps all.
   */
  'outcome'?: (_bezique_v1_Outcome);
  /**
   * finished_after keeps games finished at or after this time.
   */
  'finished_after'?: (_google_protobuf_Timestamp | null);
  /**
   * finished_before keeps games finished before this time.
   */
  'finished_before'?: (_google_protobuf_Timestamp | null);
  /**
   * without_tournament_games keeps only games that were not played in a tournament (a
   * tournament's games are listed by TournamentService.GetTournament): a tournament of thousands
   * of games otherwise fills every page of recent games.
   */
  'without_tournament_games'?: (boolean);
}

/**
 * ListGamesRequest asks for a page of finished games.
 */
export interface ListGamesRequest__Output {
  /**
   * page_size is the most games to return; 0 uses the server's default (50), and more than
   * 1 000 is 1 000.
   */
  'page_size': (number);
  /**
   * page_token is the next_page_token of the previous page; empty for the first.
   */
  'page_token': (string);
  /**
   * bot_name keeps games in which a seat's bot (or builtin bot) has this name (at most 64 bytes,
   * no control characters).
   */
  'bot_name': (string);
  /**
   * variant keeps games of this variant; unspecified keeps all.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * outcome keeps games that ended this way; unspecified keeps all.
   */
  'outcome': (_bezique_v1_Outcome__Output);
  /**
   * finished_after keeps games finished at or after this time.
   */
  'finished_after': (_google_protobuf_Timestamp__Output | null);
  /**
   * finished_before keeps games finished before this time.
   */
  'finished_before': (_google_protobuf_Timestamp__Output | null);
  /**
   * without_tournament_games keeps only games that were not played in a tournament (a
   * tournament's games are listed by TournamentService.GetTournament): a tournament of thousands
   * of games otherwise fills every page of recent games.
   */
  'without_tournament_games': (boolean);
}
