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
  /**
   * running is true for the seat whose decision the referee waits for: from this report its
   * decision time (decision_ms) runs down, then its bank (bank_ms), to the request's deadline.
   */
  'running'?: (boolean);
  /**
   * decision_ms is the running seat's decision time left, bank excluded; 0 for the other seats.
   */
  'decision_ms'?: (number);
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
  /**
   * running is true for the seat whose decision the referee waits for: from this report its
   * decision time (decision_ms) runs down, then its bank (bank_ms), to the request's deadline.
   */
  'running': (boolean);
  /**
   * decision_ms is the running seat's decision time left, bank excluded; 0 for the other seats.
   */
  'decision_ms': (number);
}
