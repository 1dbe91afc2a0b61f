// Original file: ../../proto/bezique/v1/events.proto


/**
 * WindowEnded is a seat ending its stage of the post-trick window.
 */
export interface WindowEnded {
  /**
   * seat is the seat.
   */
  'seat'?: (number);
}

/**
 * WindowEnded is a seat ending its stage of the post-trick window.
 */
export interface WindowEnded__Output {
  /**
   * seat is the seat.
   */
  'seat': (number);
}
