// Original file: ../../proto/bezique/v1/tournament.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';

/**
 * AwayBot is a lobby bot whose games a tournament puts off until it can take its seat.
 */
export interface AwayBot {
  /**
   * bot is the bot's name in the lobby.
   */
  'bot'?: (string);
  /**
   * since is when its absence began, for this tournament: when it left the lobby (or entered it,
   * unable), or when the tournament started or resumed, if later.
   */
  'since'?: (_google_protobuf_Timestamp | null);
  /**
   * forfeit_time is since plus the tournament's absence grace: from then its games start
   * without it, and it forfeits them.
   */
  'forfeit_time'?: (_google_protobuf_Timestamp | null);
  /**
   * unable says why a bot present in the lobby cannot take its seat ("does not play
   * three-handed (it plays [two-handed])"); empty for a bot absent from the lobby.
   */
  'unable'?: (string);
}

/**
 * AwayBot is a lobby bot whose games a tournament puts off until it can take its seat.
 */
export interface AwayBot__Output {
  /**
   * bot is the bot's name in the lobby.
   */
  'bot': (string);
  /**
   * since is when its absence began, for this tournament: when it left the lobby (or entered it,
   * unable), or when the tournament started or resumed, if later.
   */
  'since': (_google_protobuf_Timestamp__Output | null);
  /**
   * forfeit_time is since plus the tournament's absence grace: from then its games start
   * without it, and it forfeits them.
   */
  'forfeit_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * unable says why a bot present in the lobby cannot take its seat ("does not play
   * three-handed (it plays [two-handed])"); empty for a bot absent from the lobby.
   */
  'unable': (string);
}
