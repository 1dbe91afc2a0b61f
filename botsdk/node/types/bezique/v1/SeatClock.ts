// Original file: ../../proto/bezique/v1/seat.proto


/**
 * SeatClock is one seat's clock and connection figures.
 */
export interface SeatClock {
  /**
   * seat is the seat.
   */
  'seat'?: (number);
  /**
   * rtt_ms is the seat's last measured round-trip time.
   */
  'rtt_ms'?: (number);
  /**
   * bank_ms is the seat's bank left.
   */
  'bank_ms'?: (number);
}

/**
 * SeatClock is one seat's clock and connection figures.
 */
export interface SeatClock__Output {
  /**
   * seat is the seat.
   */
  'seat': (number);
  /**
   * rtt_ms is the seat's last measured round-trip time.
   */
  'rtt_ms': (number);
  /**
   * bank_ms is the seat's bank left.
   */
  'bank_ms': (number);
}
