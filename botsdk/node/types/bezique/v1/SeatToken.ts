// Original file: ../../proto/bezique/v1/table.proto


/**
 * SeatToken is the secret a remote bot joins a seat with.
 */
export interface SeatToken {
  /**
   * seat is the seat.
   */
  'seat'?: (number);
  /**
   * token is the secret.
   */
  'token'?: (string);
}

/**
 * SeatToken is the secret a remote bot joins a seat with.
 */
export interface SeatToken__Output {
  /**
   * seat is the seat.
   */
  'seat': (number);
  /**
   * token is the secret.
   */
  'token': (string);
}
