// Original file: ../../proto/bezique/v1/table.proto


/**
 * BuiltinSeat is a seat played by the server.
 */
export interface BuiltinSeat {
  /**
   * bot is the builtin bot: "random" or a strategy name.
   */
  'bot'?: (string);
  /**
   * name is the seat's display name (SeatInfo.name): at most 64 bytes of UTF-8 without control
   * characters (INVALID_ARGUMENT otherwise); empty: the bot's. A tournament names each seat of a
   * built-in bot for its entrant (TournamentSpec entrants' id), so that two entrants playing the
   * same bot are told apart.
   */
  'name'?: (string);
}

/**
 * BuiltinSeat is a seat played by the server.
 */
export interface BuiltinSeat__Output {
  /**
   * bot is the builtin bot: "random" or a strategy name.
   */
  'bot': (string);
  /**
   * name is the seat's display name (SeatInfo.name): at most 64 bytes of UTF-8 without control
   * characters (INVALID_ARGUMENT otherwise); empty: the bot's. A tournament names each seat of a
   * built-in bot for its entrant (TournamentSpec entrants' id), so that two entrants playing the
   * same bot are told apart.
   */
  'name': (string);
}
