// Original file: ../../proto/bezique/v1/events.proto


/**
 * SeatDisconnected is a seat's bot disconnecting.
 */
export interface SeatDisconnected {
  /**
   * seat is the seat.
   */
  'seat'?: (number);
}

/**
 * SeatDisconnected is a seat's bot disconnecting.
 */
export interface SeatDisconnected__Output {
  /**
   * seat is the seat.
   */
  'seat': (number);
}
