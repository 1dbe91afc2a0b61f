// Original file: ../../proto/bezique/v1/seat.proto

import type { SeatClock as _bezique_v1_SeatClock, SeatClock__Output as _bezique_v1_SeatClock__Output } from '../../bezique/v1/SeatClock';

/**
 * ClockReport reports every seat's clock at the moment it is sent.
 */
export interface ClockReport {
  /**
   * clocks are the seats' clocks, in seat order.
   */
  'clocks'?: (_bezique_v1_SeatClock)[];
}

/**
 * ClockReport reports every seat's clock at the moment it is sent.
 */
export interface ClockReport__Output {
  /**
   * clocks are the seats' clocks, in seat order.
   */
  'clocks': (_bezique_v1_SeatClock__Output)[];
}
