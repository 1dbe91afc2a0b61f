// TypeScript declarations of src/index.js, the Node SDK's seat API. The message types are
// generated from proto/ into types/ by scripts/gen-node.sh (as the SDK loads them: snake_case
// fields, 64-bit integers as numbers, enums as their names, oneofs named by a virtual field).

import * as grpc from '@grpc/grpc-js';
import type { View__Output as View } from '../types/bezique/v1/View';
import type { LegalAction__Output as LegalAction } from '../types/bezique/v1/LegalAction';
import type { GameResult__Output as GameResult } from '../types/bezique/v1/GameResult';
import type { Welcome__Output as Welcome } from '../types/bezique/v1/Welcome';
import type { Event__Output as Event } from '../types/bezique/v1/Event';
import type { DecisionRequest__Output as DecisionRequest } from '../types/bezique/v1/DecisionRequest';
import type { TeamMessageRelayed__Output as TeamMessageRelayed } from '../types/bezique/v1/TeamMessageRelayed';

export type { View, LegalAction, GameResult, Welcome, Event, DecisionRequest, TeamMessageRelayed };
export { outcomeText, resultText } from './outcome';
/** grpc is the SDK's own @grpc/grpc-js, for credentials and metadata that play and serve accept. */
export { grpc };
export { expandView, cardSuit, cardRank, cardCopy, cardText } from './cards';

/**
 * Decide is a bot: the action_id of one of legalActions (or a Promise of it), for the seat's view
 * (null with viewMode 'VIEW_MODE_NONE', typed View so that every other bot is not made to check).
 * The SDK also takes the LegalAction itself, or the id as a string of digits ('3'). decision is
 * the request's clock and time left, and the game's table, side and rules.
 */
export type Decide = (view: View, legalActions: LegalAction[], decision: Decision) => number | string | LegalAction | Promise<number | string | LegalAction>;

/**
 * Decision is decide's third argument: the decision request itself (its clock:
 * request.decision_left_ms, bank_left_ms, increment_ms, deadline), the Welcome of the game it
 * belongs to, and when the SDK answers for the bot. In serve mode one decide plays every game:
 * tableId tells them apart.
 */
export class Decision {
  constructor(request: DecisionRequest, welcome: Welcome, dueMs: number);
  /** request is the DecisionRequest (its view and legal actions are decide's first two arguments). */
  readonly request: DecisionRequest;
  /** welcome is the latest Welcome of the seat's stream (the first join's, or a resume's). */
  readonly welcome: Welcome;
  /** dueMs is the Date.now() at which the SDK answers the first legal action for a decide that has not returned; Infinity without a clock. */
  readonly dueMs: number;
  /** tableId is the game's table. */
  readonly tableId: string;
  /** seat is the bot's seat, 0 to 3. */
  readonly seat: number;
  /** side is the seat's side, the index of its score in view.scores (a partnership's seats share one, RULES.md §3.3). */
  readonly side: number;
  /** rules are the rules in force: the variant, the options the table set and every option in force (effective_options, defaults filled in). */
  readonly rules: NonNullable<Welcome['rules']>;
  /** timeLeftMs is how many milliseconds decide has before the SDK answers for it (never below 0; Infinity without a clock): the decision time and the whole bank; a move's share is request.decision_left_ms. */
  timeLeftMs(): number;
}

export { serve, LobbyRefused } from './serve';
export type { ServeConfig } from './serve';

/** Logger is where the SDK reports lost connections (warn) and answers it had to choose (error); console by default. */
export interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

/** ConnectionOptions are the options play() and serve() share. */
export interface ConnectionOptions {
  /** server is the referee's gRPC address, 'host:port'; surrounding whitespace (the newline that ends a file or a Kubernetes Secret) is ignored. */
  server: string;
  /** key is the bot's API key, sent as "authorization: Bearer <key>" (docs/SECURITY.md). */
  key?: string;
  /** botName and botVersion are sent in Join ('node-bot', '0.1.0'). */
  botName?: string;
  botVersion?: string;
  /** connectAttempts is how many tries to reach the referee the first time (5); once connected it reconnects without limit. */
  connectAttempts?: number;
  /** takeoverWaitMs is how long to keep joining, before the first message, while the referee itself answers UNAVAILABLE (a table moving to another referee; 30000); then play rejects with RefereeUnavailable. */
  takeoverWaitMs?: number;
  /** maxBackoffMs caps the wait between reconnections (5000), play's own and grpc-js's between two attempts to connect. */
  maxBackoffMs?: number;
  /**
   * safetyMarginMs is how long before the deadline the SDK answers the first legal action instead of waiting for decide (200),
   * at most: never more than a quarter of the time the request leaves.
   */
  safetyMarginMs?: number;
  logger?: Logger;
  /** protoDir is the folder that holds bezique/v1/*.proto (the repository's proto/, or $BEZIQUE_PROTO_DIR). */
  protoDir?: string;
  /**
   * credentials are the channel's (insecure by default; tlsCredentials() for TLS). Made with the
   * SDK's @grpc/grpc-js (tlsCredentials, or the grpc export): credentials of another copy of it
   * in the bot's node_modules are refused with a TypeError saying so.
   */
  credentials?: grpc.ChannelCredentials;
}

/** PlayConfig is play()'s configuration: the seat to take and how. */
export interface PlayConfig extends ConnectionOptions {
  tableId: string;
  seat: number;
  /** token is the seat's token; '' for a seat bound to the key's bot (RemoteSeat.bot_key_id). */
  token: string;
  /** member is the bot's place in a team seat (consultation, RULES.md §3.5; 0). */
  member?: number;
  onWelcome?: (welcome: Welcome) => void;
  /** onEvent is called with every Event the seat receives, in order, once each, and the Welcome of its game (its table_id and seat say which game: serve() plays several at once). */
  onEvent?: (event: Event, welcome: Welcome) => void;
  /** onTeamMessage is called with every TeamMessageRelayed of a team mate. */
  onTeamMessage?: (message: TeamMessageRelayed) => void;
  /** viewMode is Join.view_mode: 'VIEW_MODE_COMPACT' (default: the view in its compact form, which play expands so that decide sees the full view), 'VIEW_MODE_FULL', or 'VIEW_MODE_NONE' (no view: decide gets null). */
  viewMode?: 'VIEW_MODE_FULL' | 'VIEW_MODE_COMPACT' | 'VIEW_MODE_NONE';
}

/**
 * play joins the seat and plays until the game ends, answering every decision request with
 * decide's choice (the first legal action when decide throws, returns an id not offered or misses
 * the deadline less the safety margin); it resolves to the game's result or rejects with
 * SeatRefused, CannotReach or RefereeUnavailable.
 */
export function play(cfg: PlayConfig, decide: Decide): Promise<GameResult>;

/** tlsCredentials returns TLS channel credentials trusting caFile (Node's roots without it), presenting certFile and keyFile when given (mTLS). */
export function tlsCredentials(files?: { caFile?: string; certFile?: string; keyFile?: string }): grpc.ChannelCredentials;

/**
 * envConfig returns the options of a bot configured by its environment, to spread into play's or
 * serve's cfg: server ($BEZIQUE_SERVER, else '127.0.0.1:7777'), key ($BEZIQUE_KEY), botName
 * ($BEZIQUE_BOT_NAME, when set) and, when $BEZIQUE_TLS_CA names a PEM file, credentials trusting
 * its CA certificates (without it, plaintext); it throws, naming the variable, when the file
 * cannot be read. An empty variable is as one unset.
 */
export function envConfig(env?: NodeJS.ProcessEnv): Pick<ConnectionOptions, 'server' | 'key' | 'botName' | 'credentials'> & { server: string };

/** load returns the bezique.v1 package (services and message types) loaded from protoDir with the SDK's options. */
export function load(protoDir?: string): grpc.GrpcObject;

/** authMetadata returns the metadata that sends key ("authorization: Bearer <key>"); the key without surrounding whitespace; empty for no key. */
export function authMetadata(key?: string): grpc.Metadata;

/** retryable reports whether a session that ended with this status code is worth reconnecting for. */
export function retryable(code: grpc.status): boolean;

/** retryDelayMs is the RetryInfo delay, in milliseconds, that a failed call's trailing metadata carries; 0 without one. */
export function retryDelayMs(metadata: grpc.Metadata | undefined): number;

/** requestDeadline is when (Date.now() milliseconds) the answer to req is due at the latest, given when it was received. */
export function requestDeadline(req: DecisionRequest, receivedMs: number): number;
/** answerBy is when (Date.now() milliseconds) the SDK answers for a decide still running: the deadline less the margin, or less a quarter of the time from receipt to the deadline when that is shorter. */
export function answerBy(deadlineMs: number, receivedMs: number, marginMs: number): number;

/** SeatRefused: the referee ended the seat for good (a wrong token, an unknown or finished table, a newer connection). */
export class SeatRefused extends Error {
  constructor(code: grpc.status, details: string);
  code: grpc.status;
  details: string;
}

/** RefereeUnavailable: before the first message, the referee itself answered UNAVAILABLE (a table moving to another referee) for takeoverWaitMs. */
export class RefereeUnavailable extends Error {
  constructor(server: string, waitMs: number, details: string);
  server: string;
  waitMs: number;
  details: string;
}

/** CannotReach: the referee did not answer in connectAttempts tries. */
export class CannotReach extends Error {
  constructor(server: string, attempts: number, code: grpc.status, details: string);
  code: grpc.status;
  details: string;
}

/** Player is the state play() keeps across reconnections; use play(). */
export class Player {
  constructor(cfg: PlayConfig, decide: Decide);
  run(): Promise<GameResult>;
}

/** PROTOCOL_VERSION is the protocol version the SDK speaks (Join.protocol_version). */
export const PROTOCOL_VERSION: number;

/** DEFAULT_PROTO_DIR is where load() reads the protos: $BEZIQUE_PROTO_DIR, else the repository's proto/. */
export const DEFAULT_PROTO_DIR: string;
