// Original file: ../../proto/bezique/v1/lobby_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ChallengeRequest as _bezique_v1_ChallengeRequest, ChallengeRequest__Output as _bezique_v1_ChallengeRequest__Output } from '../../bezique/v1/ChallengeRequest';
import type { ChallengeResponse as _bezique_v1_ChallengeResponse, ChallengeResponse__Output as _bezique_v1_ChallengeResponse__Output } from '../../bezique/v1/ChallengeResponse';
import type { ListBotsRequest as _bezique_v1_ListBotsRequest, ListBotsRequest__Output as _bezique_v1_ListBotsRequest__Output } from '../../bezique/v1/ListBotsRequest';
import type { ListBotsResponse as _bezique_v1_ListBotsResponse, ListBotsResponse__Output as _bezique_v1_ListBotsResponse__Output } from '../../bezique/v1/ListBotsResponse';
import type { ServeRequest as _bezique_v1_ServeRequest, ServeRequest__Output as _bezique_v1_ServeRequest__Output } from '../../bezique/v1/ServeRequest';
import type { ServeResponse as _bezique_v1_ServeResponse, ServeResponse__Output as _bezique_v1_ServeResponse__Output } from '../../bezique/v1/ServeResponse';

/**
 * LobbyService is where bots wait for games: a bot dials in once (Serve) and the referee announces
 * each game it is seated at, up to the bot's capacity; organisers seat present bots (Challenge,
 * or a tournament). docs/write-a-bot.md, "Serve mode".
 */
export interface LobbyServiceClient extends grpc.Client {
  /**
   * Challenge creates a table seating named lobby bots, consultation teams of lobby bots
   * (ChallengeSeat.team) and built-in bots, and announces the game to each lobby bot. It waits
   * while a named bot is at its capacity; INVALID_ARGUMENT naming the field for a bad seat or
   * team; FAILED_PRECONDITION when a named bot is not present or does not play the variant.
   */
  Challenge(argument: _bezique_v1_ChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  Challenge(argument: _bezique_v1_ChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  Challenge(argument: _bezique_v1_ChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  Challenge(argument: _bezique_v1_ChallengeRequest, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Challenge creates a table seating named lobby bots, consultation teams of lobby bots
   * (ChallengeSeat.team) and built-in bots, and announces the game to each lobby bot. It waits
   * while a named bot is at its capacity; INVALID_ARGUMENT naming the field for a bad seat or
   * team; FAILED_PRECONDITION when a named bot is not present or does not play the variant.
   */
  challenge(argument: _bezique_v1_ChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  challenge(argument: _bezique_v1_ChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  challenge(argument: _bezique_v1_ChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  challenge(argument: _bezique_v1_ChallengeRequest, callback: grpc.requestCallback<_bezique_v1_ChallengeResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListBots lists the bots present in the lobby, by name; with ListBotsRequest.tournament_id,
   * those serving that tournament, wherever it runs.
   */
  ListBots(argument: _bezique_v1_ListBotsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  ListBots(argument: _bezique_v1_ListBotsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  ListBots(argument: _bezique_v1_ListBotsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  ListBots(argument: _bezique_v1_ListBotsRequest, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListBots lists the bots present in the lobby, by name; with ListBotsRequest.tournament_id,
   * those serving that tournament, wherever it runs.
   */
  listBots(argument: _bezique_v1_ListBotsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  listBots(argument: _bezique_v1_ListBotsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  listBots(argument: _bezique_v1_ListBotsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  listBots(argument: _bezique_v1_ListBotsRequest, callback: grpc.requestCallback<_bezique_v1_ListBotsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Serve enters the calling bot into the lobby and streams the games assigned to it, with
   * keepalive pings (the first at once: the bot is in), until the bot closes the stream or the
   * tournament it names ends (ServeResponse.tournament_ended); the open stream is the bot's
   * presence. A
   * newer Serve of the same bot ends the older one with ABORTED; games in play (and their seats)
   * are unaffected by the stream ending, and a new Serve announces them again.
   */
  Serve(argument: _bezique_v1_ServeRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_ServeResponse__Output>;
  Serve(argument: _bezique_v1_ServeRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_ServeResponse__Output>;
  /**
   * Serve enters the calling bot into the lobby and streams the games assigned to it, with
   * keepalive pings (the first at once: the bot is in), until the bot closes the stream or the
   * tournament it names ends (ServeResponse.tournament_ended); the open stream is the bot's
   * presence. A
   * newer Serve of the same bot ends the older one with ABORTED; games in play (and their seats)
   * are unaffected by the stream ending, and a new Serve announces them again.
   */
  serve(argument: _bezique_v1_ServeRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_ServeResponse__Output>;
  serve(argument: _bezique_v1_ServeRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_ServeResponse__Output>;
  
}

/**
 * LobbyService is where bots wait for games: a bot dials in once (Serve) and the referee announces
 * each game it is seated at, up to the bot's capacity; organisers seat present bots (Challenge,
 * or a tournament). docs/write-a-bot.md, "Serve mode".
 */
export interface LobbyServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Challenge creates a table seating named lobby bots, consultation teams of lobby bots
   * (ChallengeSeat.team) and built-in bots, and announces the game to each lobby bot. It waits
   * while a named bot is at its capacity; INVALID_ARGUMENT naming the field for a bad seat or
   * team; FAILED_PRECONDITION when a named bot is not present or does not play the variant.
   */
  Challenge: grpc.handleUnaryCall<_bezique_v1_ChallengeRequest__Output, _bezique_v1_ChallengeResponse>;
  
  /**
   * ListBots lists the bots present in the lobby, by name; with ListBotsRequest.tournament_id,
   * those serving that tournament, wherever it runs.
   */
  ListBots: grpc.handleUnaryCall<_bezique_v1_ListBotsRequest__Output, _bezique_v1_ListBotsResponse>;
  
  /**
   * Serve enters the calling bot into the lobby and streams the games assigned to it, with
   * keepalive pings (the first at once: the bot is in), until the bot closes the stream or the
   * tournament it names ends (ServeResponse.tournament_ended); the open stream is the bot's
   * presence. A
   * newer Serve of the same bot ends the older one with ABORTED; games in play (and their seats)
   * are unaffected by the stream ending, and a new Serve announces them again.
   */
  Serve: grpc.handleServerStreamingCall<_bezique_v1_ServeRequest__Output, _bezique_v1_ServeResponse>;
  
}

export interface LobbyServiceDefinition extends grpc.ServiceDefinition {
  Challenge: MethodDefinition<_bezique_v1_ChallengeRequest, _bezique_v1_ChallengeResponse, _bezique_v1_ChallengeRequest__Output, _bezique_v1_ChallengeResponse__Output>
  ListBots: MethodDefinition<_bezique_v1_ListBotsRequest, _bezique_v1_ListBotsResponse, _bezique_v1_ListBotsRequest__Output, _bezique_v1_ListBotsResponse__Output>
  Serve: MethodDefinition<_bezique_v1_ServeRequest, _bezique_v1_ServeResponse, _bezique_v1_ServeRequest__Output, _bezique_v1_ServeResponse__Output>
}
