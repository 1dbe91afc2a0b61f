// Original file: ../../proto/bezique/v1/seat.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Ping asks for a Pong, to measure round-trip time.
 */
export interface Ping {
  /**
   * nonce is echoed in the Pong.
   */
  'nonce'?: (number | string | Long);
}

/**
 * Ping asks for a Pong, to measure round-trip time.
 */
export interface Ping__Output {
  /**
   * nonce is echoed in the Pong.
   */
  'nonce': (number);
}
