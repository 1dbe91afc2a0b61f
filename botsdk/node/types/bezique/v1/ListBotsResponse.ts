// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { LobbyBot as _bezique_v1_LobbyBot, LobbyBot__Output as _bezique_v1_LobbyBot__Output } from '../../bezique/v1/LobbyBot';

/**
 * ListBotsResponse is the bots present.
 */
export interface ListBotsResponse {
  /**
   * bots are the bots present, by name.
   */
  'bots'?: (_bezique_v1_LobbyBot)[];
}

/**
 * ListBotsResponse is the bots present.
 */
export interface ListBotsResponse__Output {
  /**
   * bots are the bots present, by name.
   */
  'bots': (_bezique_v1_LobbyBot__Output)[];
}
