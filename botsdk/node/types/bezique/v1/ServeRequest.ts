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
  /**
   * tournament_id names the tournament the bot serves, one of whose entrants it must be: it is
   * seated at that tournament's games only (no challenge, no other tournament's). For referees
   * sharing a store, the stream is served by the referee that runs that tournament, whichever
   * referee the bot reached (forwarded there, as a seat's stream is to its table's referee), and
   * it ends UNAVAILABLE when the tournament moves to another referee, so that the bot dials in
   * again and follows it. When the tournament ends (finished or cancelled), the stream's last
   * message is tournament_ended and it ends OK: the bot is done with it. NOT_FOUND for a
   * tournament that does not exist; FAILED_PRECONDITION for one that has ended (a bot that was
   * serving it and missed tournament_ended, away when it ended, is done with it too) and for a bot
   * that is not one of its entrants. Empty: the bot waits in the lobby of the referee it reached
   * (its challenges and the tournaments that referee runs).
   */
  'tournament_id'?: (string);
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
  /**
   * tournament_id names the tournament the bot serves, one of whose entrants it must be: it is
   * seated at that tournament's games only (no challenge, no other tournament's). For referees
   * sharing a store, the stream is served by the referee that runs that tournament, whichever
   * referee the bot reached (forwarded there, as a seat's stream is to its table's referee), and
   * it ends UNAVAILABLE when the tournament moves to another referee, so that the bot dials in
   * again and follows it. When the tournament ends (finished or cancelled), the stream's last
   * message is tournament_ended and it ends OK: the bot is done with it. NOT_FOUND for a
   * tournament that does not exist; FAILED_PRECONDITION for one that has ended (a bot that was
   * serving it and missed tournament_ended, away when it ended, is done with it too) and for a bot
   * that is not one of its entrants. Empty: the bot waits in the lobby of the referee it reached
   * (its challenges and the tournaments that referee runs).
   */
  'tournament_id': (string);
}
