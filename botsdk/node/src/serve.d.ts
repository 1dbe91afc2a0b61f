// TypeScript declarations of src/serve.js, the Node SDK's serve mode.

import type * as grpc from '@grpc/grpc-js';
import type { ConnectionOptions, Decide, GameResult, PlayConfig } from './index';
import type { GameAssigned__Output as GameAssigned } from '../types/bezique/v1/GameAssigned';
import type { Variant } from '../types/bezique/v1/Variant';

export type { GameAssigned };

/** ServeConfig is serve()'s configuration; play()'s options apply to every game. */
export interface ServeConfig extends ConnectionOptions {
  /** botName is the bot's name in the lobby without a key ('node-bot'); with a key, the key's name. */
  botName?: string;
  /** capacity is the most games played at once (1). */
  capacity?: number;
  /** variants are the variants played, as the enum names them ('VARIANT_TWO_HANDED', ...) or the command line ('two-handed', 'rubicon'); empty: every variant. */
  variants?: (Exclude<Variant, number | 'VARIANT_UNSPECIFIED'> | 'two-handed' | 'three-handed' | 'four-handed' | 'four-handed-individual' | 'rubicon' | 'six-pack')[];
  /** tournament, if set, is the id of the tournament the bot serves (ServeRequest.tournament_id): with several referees sharing a store, server may be any of them, the lobby stream is served by the referee that runs it, serve dials in again and follows it when it moves, and it resolves when the tournament ends. Empty (''): the lobby of the referee reached. */
  tournament?: string;
  /** signal ends serve: it resolves once the games in play have ended. */
  signal?: AbortSignal;
  /** onGameOver is called as each game ends, with its result or the error that ended it. */
  onGameOver?: (assigned: GameAssigned, result: GameResult | null, err: Error | null) => void;
  /** onWelcome and onEvent are play()'s, for every game: each game's Welcome (its table_id and seat say which) and events, each event with its game's Welcome, from several games at once when capacity > 1. */
  onWelcome?: PlayConfig['onWelcome'];
  onEvent?: PlayConfig['onEvent'];
}

/**
 * serve enters the bot into the referee's lobby and plays every game assigned to it, up to
 * cfg.capacity at once, dialling in again after a lost stream; it resolves when cfg.signal aborts
 * or the tournament it serves (cfg.tournament) ends, once the games in play have ended, and rejects with LobbyRefused, CannotReach or RefereeUnavailable.
 */
export function serve(cfg: ServeConfig, decide: Decide): Promise<void>;

/** loadLobby returns the bezique.v1 package with LobbyService, loaded from protoDir. */
export function loadLobby(protoDir?: string): grpc.GrpcObject;

/** LobbyRefused: the referee refused the bot for good (a bad request, a key without role bot, a newer Serve of the bot). */
export class LobbyRefused extends Error {
  constructor(code: grpc.status, details: string);
  code: grpc.status;
  details: string;
}
