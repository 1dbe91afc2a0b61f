// Original file: ../../proto/bezique/v1/lobby.proto

import type { BuiltinSeat as _bezique_v1_BuiltinSeat, BuiltinSeat__Output as _bezique_v1_BuiltinSeat__Output } from '../../bezique/v1/BuiltinSeat';

/**
 * ChallengeSeat says who sits at a seat of a challenge.
 */
export interface ChallengeSeat {
  /**
   * lobby is the name of a bot present in the lobby (LobbyBot.name).
   */
  'lobby'?: (string);
  /**
   * builtin is a bot run by the referee.
   */
  'builtin'?: (_bezique_v1_BuiltinSeat | null);
  /**
   * kind is a bot of the lobby or a built-in bot.
   */
  'kind'?: "lobby"|"builtin";
}

/**
 * ChallengeSeat says who sits at a seat of a challenge.
 */
export interface ChallengeSeat__Output {
  /**
   * lobby is the name of a bot present in the lobby (LobbyBot.name).
   */
  'lobby'?: (string);
  /**
   * builtin is a bot run by the referee.
   */
  'builtin'?: (_bezique_v1_BuiltinSeat__Output | null);
  /**
   * kind is a bot of the lobby or a built-in bot.
   */
  'kind'?: "lobby"|"builtin";
}
