// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { GameAssigned as _bezique_v1_GameAssigned, GameAssigned__Output as _bezique_v1_GameAssigned__Output } from '../../bezique/v1/GameAssigned';
import type { LobbyPing as _bezique_v1_LobbyPing, LobbyPing__Output as _bezique_v1_LobbyPing__Output } from '../../bezique/v1/LobbyPing';

/**
 * ServeResponse is one message of the lobby stream.
 */
export interface ServeResponse {
  /**
   * game_assigned announces a game to join.
   */
  'game_assigned'?: (_bezique_v1_GameAssigned | null);
  /**
   * ping is a keepalive, sent every few seconds.
   */
  'ping'?: (_bezique_v1_LobbyPing | null);
  /**
   * kind is what the message carries.
   */
  'kind'?: "game_assigned"|"ping";
}

/**
 * ServeResponse is one message of the lobby stream.
 */
export interface ServeResponse__Output {
  /**
   * game_assigned announces a game to join.
   */
  'game_assigned'?: (_bezique_v1_GameAssigned__Output | null);
  /**
   * ping is a keepalive, sent every few seconds.
   */
  'ping'?: (_bezique_v1_LobbyPing__Output | null);
  /**
   * kind is what the message carries.
   */
  'kind'?: "game_assigned"|"ping";
}
