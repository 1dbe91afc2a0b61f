// Original file: ../../proto/bezique/v1/lobby.proto

import type { Long } from '@grpc/proto-loader';

/**
 * LobbyPing keeps the lobby stream alive and tells the bot the referee still sees it; the first
 * comes at once, when the bot has entered the lobby.
 */
export interface LobbyPing {
  /**
   * nonce counts the pings of the stream, from 1.
   */
  'nonce'?: (number | string | Long);
}

/**
 * LobbyPing keeps the lobby stream alive and tells the bot the referee still sees it; the first
 * comes at once, when the bot has entered the lobby.
 */
export interface LobbyPing__Output {
  /**
   * nonce counts the pings of the stream, from 1.
   */
  'nonce': (number);
}
