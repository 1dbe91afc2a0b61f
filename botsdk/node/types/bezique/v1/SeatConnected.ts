// Original file: ../../proto/bezique/v1/events.proto


/**
 * SeatConnected is a seat's bot connecting (or reconnecting).
 */
export interface SeatConnected {
  /**
   * seat is the seat.
   */
  'seat'?: (number);
}

/**
 * SeatConnected is a seat's bot connecting (or reconnecting).
 */
export interface SeatConnected__Output {
  /**
   * seat is the seat.
   */
  'seat': (number);
}
