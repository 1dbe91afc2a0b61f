// Original file: ../../proto/bezique/v1/seat.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Pong answers a Ping.
 */
export interface Pong {
  /**
   * nonce is the Ping's nonce.
   */
  'nonce'?: (number | string | Long);
}

/**
 * Pong answers a Ping.
 */
export interface Pong__Output {
  /**
   * nonce is the Ping's nonce.
   */
  'nonce': (number);
}
