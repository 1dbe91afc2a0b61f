// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { GameAssigned as _bezique_v1_GameAssigned, GameAssigned__Output as _bezique_v1_GameAssigned__Output } from '../../bezique/v1/GameAssigned';
import type { LobbyPing as _bezique_v1_LobbyPing, LobbyPing__Output as _bezique_v1_LobbyPing__Output } from '../../bezique/v1/LobbyPing';
import type { TournamentEnded as _bezique_v1_TournamentEnded, TournamentEnded__Output as _bezique_v1_TournamentEnded__Output } from '../../bezique/v1/TournamentEnded';

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
   * tournament_ended says that the tournament the stream serves (ServeRequest.tournament_id)
   * has ended: the stream's last message, after which it ends OK. Every game of the tournament
   * has ended by then; a new Serve naming it is refused FAILED_PRECONDITION.
   */
  'tournament_ended'?: (_bezique_v1_TournamentEnded | null);
  /**
   * kind is what the message carries.
   */
  'kind'?: "game_assigned"|"ping"|"tournament_ended";
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
   * tournament_ended says that the tournament the stream serves (ServeRequest.tournament_id)
   * has ended: the stream's last message, after which it ends OK. Every game of the tournament
   * has ended by then; a new Serve naming it is refused FAILED_PRECONDITION.
   */
  'tournament_ended'?: (_bezique_v1_TournamentEnded__Output | null);
  /**
   * kind is what the message carries.
   */
  'kind'?: "game_assigned"|"ping"|"tournament_ended";
}
