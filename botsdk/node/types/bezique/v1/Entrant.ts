// Original file: ../../proto/bezique/v1/tournament.proto

import type { LobbyTeam as _bezique_v1_LobbyTeam, LobbyTeam__Output as _bezique_v1_LobbyTeam__Output } from '../../bezique/v1/LobbyTeam';

/**
 * Entrant is one participant of a tournament.
 */
export interface Entrant {
  /**
   * id names the entrant in the standings, unique in the tournament.
   */
  'id'?: (string);
  /**
   * builtin_bot is a built-in bot's name (random, rulebook), played in the referee's process.
   */
  'builtin_bot'?: (string);
  /**
   * lobby_bot is the name of a bot in the referee's lobby (LobbyService.Serve), seated at each
   * of its games as LobbyService.Challenge seats it: a game waits while the bot is at its
   * capacity or absent, and is forfeited by the bot once it has been absent from the lobby for
   * longer than the spec's absence_grace_ms.
   */
  'lobby_bot'?: (string);
  /**
   * lobby_team is a consultation team of lobby bots sharing one seat (RULES.md §3.5; the
   * two-handed game): each member is seated as lobby_bot is, and the first decides.
   */
  'lobby_team'?: (_bezique_v1_LobbyTeam | null);
  /**
   * kind is where the entrant's decisions come from.
   */
  'kind'?: "builtin_bot"|"lobby_bot"|"lobby_team";
}

/**
 * Entrant is one participant of a tournament.
 */
export interface Entrant__Output {
  /**
   * id names the entrant in the standings, unique in the tournament.
   */
  'id': (string);
  /**
   * builtin_bot is a built-in bot's name (random, rulebook), played in the referee's process.
   */
  'builtin_bot'?: (string);
  /**
   * lobby_bot is the name of a bot in the referee's lobby (LobbyService.Serve), seated at each
   * of its games as LobbyService.Challenge seats it: a game waits while the bot is at its
   * capacity or absent, and is forfeited by the bot once it has been absent from the lobby for
   * longer than the spec's absence_grace_ms.
   */
  'lobby_bot'?: (string);
  /**
   * lobby_team is a consultation team of lobby bots sharing one seat (RULES.md §3.5; the
   * two-handed game): each member is seated as lobby_bot is, and the first decides.
   */
  'lobby_team'?: (_bezique_v1_LobbyTeam__Output | null);
  /**
   * kind is where the entrant's decisions come from.
   */
  'kind'?: "builtin_bot"|"lobby_bot"|"lobby_team";
}
