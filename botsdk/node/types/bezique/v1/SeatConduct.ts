// Original file: ../../proto/bezique/v1/tournament.proto

import type { Long } from '@grpc/proto-loader';

/**
 * SeatConduct is what one seat did in a tournament game, counted from the record.
 */
export interface SeatConduct {
  /**
   * decisions is the number of actions the seat's bot chose itself.
   */
  'decisions'?: (number);
  /**
   * decision_ms is their total decision time, in milliseconds.
   */
  'decision_ms'?: (number | string | Long);
  /**
   * timeouts is the number of actions auto-played because the seat ran out of time.
   */
  'timeouts'?: (number);
  /**
   * illegal is the number of actions auto-played after illegal ones.
   */
  'illegal'?: (number);
  /**
   * disconnects is the number of actions auto-played while the seat was disconnected.
   */
  'disconnects'?: (number);
  /**
   * fallbacks is the number of answers the seat's SDK sent for its bot (RecordedAction.fallback);
   * not counted in decisions.
   */
  'fallbacks'?: (number);
}

/**
 * SeatConduct is what one seat did in a tournament game, counted from the record.
 */
export interface SeatConduct__Output {
  /**
   * decisions is the number of actions the seat's bot chose itself.
   */
  'decisions': (number);
  /**
   * decision_ms is their total decision time, in milliseconds.
   */
  'decision_ms': (number);
  /**
   * timeouts is the number of actions auto-played because the seat ran out of time.
   */
  'timeouts': (number);
  /**
   * illegal is the number of actions auto-played after illegal ones.
   */
  'illegal': (number);
  /**
   * disconnects is the number of actions auto-played while the seat was disconnected.
   */
  'disconnects': (number);
  /**
   * fallbacks is the number of answers the seat's SDK sent for its bot (RecordedAction.fallback);
   * not counted in decisions.
   */
  'fallbacks': (number);
}
