// Original file: ../../proto/bezique/v1/lobby_service.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';

/**
 * ServeRequest says what games the bot takes.
 */
export interface ServeRequest {
  /**
   * name is the bot's name when the referee runs without authentication (1 to 64 bytes, as a
   * seat's name: its seats take it). With authentication the bot is its API key's name: leave
   * name empty or give that name.
   */
  'name'?: (string);
  /**
   * version is the bot's version, for the operator's eyes.
   */
  'version'?: (string);
  /**
   * capacity is the most games the bot plays at once, 1 to 64.
   */
  'capacity'?: (number);
  /**
   * variants are the variants the bot plays; empty: every variant.
   */
  'variants'?: (_bezique_v1_Variant)[];
}

/**
 * ServeRequest says what games the bot takes.
 */
export interface ServeRequest__Output {
  /**
   * name is the bot's name when the referee runs without authentication (1 to 64 bytes, as a
   * seat's name: its seats take it). With authentication the bot is its API key's name: leave
   * name empty or give that name.
   */
  'name': (string);
  /**
   * version is the bot's version, for the operator's eyes.
   */
  'version': (string);
  /**
   * capacity is the most games the bot plays at once, 1 to 64.
   */
  'capacity': (number);
  /**
   * variants are the variants the bot plays; empty: every variant.
   */
  'variants': (_bezique_v1_Variant__Output)[];
}
