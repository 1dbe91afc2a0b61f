// Original file: ../../proto/bezique/v1/table.proto


/**
 * RemoteSeat is a seat for a bot that connects through SeatService.
 */
export interface RemoteSeat {
  /**
   * name is the seat's display name: at most 64 bytes of UTF-8 without control characters
   * (INVALID_ARGUMENT otherwise).
   */
  'name'?: (string);
  /**
   * bot_key_id binds the seat to a registered bot (the key_id of a ROLE_BOT key): that key joins
   * the seat without the seat token, and the record names the bot by the key's name, whatever
   * the bot says in Join.bot_name; the seat token alone does not admit it (PERMISSION_DENIED).
   * Empty: any holder of the seat token.
   */
  'bot_key_id'?: (string);
  /**
   * team_size is how many connections play the seat together (consultation, RULES.md §3.5):
   * 0 or 1 is one bot; 2..4 is a team whose members join with the seat's token and
   * Join.member 0..team_size-1. Every member receives the seat's events and decision requests;
   * CreateTableRequest.team_policy says whose answer counts. More than 4, or a team in another
   * variant than the two-handed game (the consultation game): INVALID_ARGUMENT.
   */
  'team_size'?: (number);
}

/**
 * RemoteSeat is a seat for a bot that connects through SeatService.
 */
export interface RemoteSeat__Output {
  /**
   * name is the seat's display name: at most 64 bytes of UTF-8 without control characters
   * (INVALID_ARGUMENT otherwise).
   */
  'name': (string);
  /**
   * bot_key_id binds the seat to a registered bot (the key_id of a ROLE_BOT key): that key joins
   * the seat without the seat token, and the record names the bot by the key's name, whatever
   * the bot says in Join.bot_name; the seat token alone does not admit it (PERMISSION_DENIED).
   * Empty: any holder of the seat token.
   */
  'bot_key_id': (string);
  /**
   * team_size is how many connections play the seat together (consultation, RULES.md §3.5):
   * 0 or 1 is one bot; 2..4 is a team whose members join with the seat's token and
   * Join.member 0..team_size-1. Every member receives the seat's events and decision requests;
   * CreateTableRequest.team_policy says whose answer counts. More than 4, or a team in another
   * variant than the two-handed game (the consultation game): INVALID_ARGUMENT.
   */
  'team_size': (number);
}
