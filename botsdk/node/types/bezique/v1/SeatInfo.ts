// Original file: ../../proto/bezique/v1/table.proto


/**
 * SeatInfo is who sits at a seat.
 */
export interface SeatInfo {
  /**
   * seat is the seat, 0-based.
   */
  'seat'?: (number);
  /**
   * side is the seat's side.
   */
  'side'?: (number);
  /**
   * name is the display name (remote) or the builtin bot's name.
   */
  'name'?: (string);
  /**
   * bot_name is the name the connected bot gave in Join.
   */
  'bot_name'?: (string);
  /**
   * bot_version is the version the connected bot gave in Join.
   */
  'bot_version'?: (string);
  /**
   * remote tells whether the seat is a remote bot (else builtin).
   */
  'remote'?: (boolean);
  /**
   * connected tells whether the seat's bot is connected now (builtin seats always are).
   */
  'connected'?: (boolean);
  /**
   * bot_key_id is the id of the bot key the seat is bound to (RemoteSeat.bot_key_id: a lobby
   * bot's seat, or one created for a key; its name is bot_name), empty for a seat bound to none.
   * A key's name is unique among keys not revoked only, so the id tells apart two bots that had
   * one name (a key revoked, then another created with its name).
   */
  'bot_key_id'?: (string);
}

/**
 * SeatInfo is who sits at a seat.
 */
export interface SeatInfo__Output {
  /**
   * seat is the seat, 0-based.
   */
  'seat': (number);
  /**
   * side is the seat's side.
   */
  'side': (number);
  /**
   * name is the display name (remote) or the builtin bot's name.
   */
  'name': (string);
  /**
   * bot_name is the name the connected bot gave in Join.
   */
  'bot_name': (string);
  /**
   * bot_version is the version the connected bot gave in Join.
   */
  'bot_version': (string);
  /**
   * remote tells whether the seat is a remote bot (else builtin).
   */
  'remote': (boolean);
  /**
   * connected tells whether the seat's bot is connected now (builtin seats always are).
   */
  'connected': (boolean);
  /**
   * bot_key_id is the id of the bot key the seat is bound to (RemoteSeat.bot_key_id: a lobby
   * bot's seat, or one created for a key; its name is bot_name), empty for a seat bound to none.
   * A key's name is unique among keys not revoked only, so the id tells apart two bots that had
   * one name (a key revoked, then another created with its name).
   */
  'bot_key_id': (string);
}
