// Original file: ../../proto/bezique/v1/lobby.proto

import type { BuiltinSeat as _bezique_v1_BuiltinSeat, BuiltinSeat__Output as _bezique_v1_BuiltinSeat__Output } from '../../bezique/v1/BuiltinSeat';
import type { LobbyTeam as _bezique_v1_LobbyTeam, LobbyTeam__Output as _bezique_v1_LobbyTeam__Output } from '../../bezique/v1/LobbyTeam';

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
   * team is a consultation team of bots present in the lobby sharing the seat (RULES.md §3.5;
   * the two-handed game only): 2 to 4 distinct bots, each told of the game with its
   * GameAssigned.member, the first the captain (member 0). ChallengeRequest.team_policy says
   * whose answer counts.
   */
  'team'?: (_bezique_v1_LobbyTeam | null);
  /**
   * kind is a bot of the lobby or a built-in bot.
   */
  'kind'?: "lobby"|"builtin"|"team";
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
   * team is a consultation team of bots present in the lobby sharing the seat (RULES.md §3.5;
   * the two-handed game only): 2 to 4 distinct bots, each told of the game with its
   * GameAssigned.member, the first the captain (member 0). ChallengeRequest.team_policy says
   * whose answer counts.
   */
  'team'?: (_bezique_v1_LobbyTeam__Output | null);
  /**
   * kind is a bot of the lobby or a built-in bot.
   */
  'kind'?: "lobby"|"builtin"|"team";
}
