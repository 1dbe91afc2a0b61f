// Original file: ../../proto/bezique/v1/seat_service.proto

import type { ConnectResponse as _bezique_v1_ConnectResponse, ConnectResponse__Output as _bezique_v1_ConnectResponse__Output } from '../../bezique/v1/ConnectResponse';

/**
 * PlayResponse is one message from the server on Play.
 */
export interface PlayResponse {
  /**
   * message is what Connect would send (never a Ping); unset on a heartbeat.
   */
  'message'?: (_bezique_v1_ConnectResponse | null);
  /**
   * heartbeat is set, and nothing else, on a message sent because the stream had been quiet for
   * the request's heartbeat_ms.
   */
  'heartbeat'?: (boolean);
}

/**
 * PlayResponse is one message from the server on Play.
 */
export interface PlayResponse__Output {
  /**
   * message is what Connect would send (never a Ping); unset on a heartbeat.
   */
  'message': (_bezique_v1_ConnectResponse__Output | null);
  /**
   * heartbeat is set, and nothing else, on a message sent because the stream had been quiet for
   * the request's heartbeat_ms.
   */
  'heartbeat': (boolean);
}
