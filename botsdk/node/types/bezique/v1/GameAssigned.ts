// Original file: ../../proto/bezique/v1/lobby.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';

/**
 * GameAssigned announces a game to a bot in the lobby: the bot joins the seat through
 * SeatService.Connect (Join.table_id, Join.seat, Join.token) as it would a seat it was given by
 * hand. The assignment counts against the bot's capacity until the game ends.
 */
export interface GameAssigned {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * seat is the bot's seat, 0-based.
   */
  'seat'?: (number);
  /**
   * token is the seat's token. With authentication the seat is also bound to the bot's key
   * (RemoteSeat.bot_key_id), which joins it without the token.
   */
  'token'?: (string);
  /**
   * variant is the table's variant.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * member is the bot's place in a consultation team seat (Join.member, RULES.md §3.5): 0, the
   * captain, for a seat of one bot.
   */
  'member'?: (number);
}

/**
 * GameAssigned announces a game to a bot in the lobby: the bot joins the seat through
 * SeatService.Connect (Join.table_id, Join.seat, Join.token) as it would a seat it was given by
 * hand. The assignment counts against the bot's capacity until the game ends.
 */
export interface GameAssigned__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * seat is the bot's seat, 0-based.
   */
  'seat': (number);
  /**
   * token is the seat's token. With authentication the seat is also bound to the bot's key
   * (RemoteSeat.bot_key_id), which joins it without the token.
   */
  'token': (string);
  /**
   * variant is the table's variant.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * member is the bot's place in a consultation team seat (Join.member, RULES.md §3.5): 0, the
   * captain, for a seat of one bot.
   */
  'member': (number);
}
