// Original file: ../../proto/bezique/v1/table.proto


/**
 * BuiltinSeat is a seat played by the server.
 */
export interface BuiltinSeat {
  /**
   * bot is the builtin bot: "random" or a strategy name.
   */
  'bot'?: (string);
}

/**
 * BuiltinSeat is a seat played by the server.
 */
export interface BuiltinSeat__Output {
  /**
   * bot is the builtin bot: "random" or a strategy name.
   */
  'bot': (string);
}
