// Original file: ../../proto/bezique/v1/lobby.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';

/**
 * LobbyBot is a bot present in the lobby: its Serve stream is open.
 */
export interface LobbyBot {
  /**
   * name is the bot's name: its API key's name, or ServeRequest.name when the referee runs
   * without authentication.
   */
  'name'?: (string);
  /**
   * key_id is the bot's API key id; empty when the referee runs without authentication.
   */
  'key_id'?: (string);
  /**
   * version is the version the bot gave in ServeRequest.
   */
  'version'?: (string);
  /**
   * capacity is the most games the bot plays at once.
   */
  'capacity'?: (number);
  /**
   * variants are the variants the bot plays.
   */
  'variants'?: (_bezique_v1_Variant)[];
  /**
   * games_in_play is the number of games assigned to the bot that have not ended.
   */
  'games_in_play'?: (number);
  /**
   * connect_time is when the bot's Serve stream opened.
   */
  'connect_time'?: (_google_protobuf_Timestamp | null);
  /**
   * tournament_id is the tournament the bot serves (ServeRequest.tournament_id), the only one
   * whose games it is seated at; empty for a bot seated at any game of this referee's lobby.
   */
  'tournament_id'?: (string);
}

/**
 * LobbyBot is a bot present in the lobby: its Serve stream is open.
 */
export interface LobbyBot__Output {
  /**
   * name is the bot's name: its API key's name, or ServeRequest.name when the referee runs
   * without authentication.
   */
  'name': (string);
  /**
   * key_id is the bot's API key id; empty when the referee runs without authentication.
   */
  'key_id': (string);
  /**
   * version is the version the bot gave in ServeRequest.
   */
  'version': (string);
  /**
   * capacity is the most games the bot plays at once.
   */
  'capacity': (number);
  /**
   * variants are the variants the bot plays.
   */
  'variants': (_bezique_v1_Variant__Output)[];
  /**
   * games_in_play is the number of games assigned to the bot that have not ended.
   */
  'games_in_play': (number);
  /**
   * connect_time is when the bot's Serve stream opened.
   */
  'connect_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * tournament_id is the tournament the bot serves (ServeRequest.tournament_id), the only one
   * whose games it is seated at; empty for a bot seated at any game of this referee's lobby.
   */
  'tournament_id': (string);
}
