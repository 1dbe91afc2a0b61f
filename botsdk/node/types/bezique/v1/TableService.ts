// Original file: ../../proto/bezique/v1/table_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CancelTableRequest as _bezique_v1_CancelTableRequest, CancelTableRequest__Output as _bezique_v1_CancelTableRequest__Output } from '../../bezique/v1/CancelTableRequest';
import type { CancelTableResponse as _bezique_v1_CancelTableResponse, CancelTableResponse__Output as _bezique_v1_CancelTableResponse__Output } from '../../bezique/v1/CancelTableResponse';
import type { CreateTableRequest as _bezique_v1_CreateTableRequest, CreateTableRequest__Output as _bezique_v1_CreateTableRequest__Output } from '../../bezique/v1/CreateTableRequest';
import type { CreateTableResponse as _bezique_v1_CreateTableResponse, CreateTableResponse__Output as _bezique_v1_CreateTableResponse__Output } from '../../bezique/v1/CreateTableResponse';
import type { GetRecordRequest as _bezique_v1_GetRecordRequest, GetRecordRequest__Output as _bezique_v1_GetRecordRequest__Output } from '../../bezique/v1/GetRecordRequest';
import type { GetRecordResponse as _bezique_v1_GetRecordResponse, GetRecordResponse__Output as _bezique_v1_GetRecordResponse__Output } from '../../bezique/v1/GetRecordResponse';
import type { GetReplayRequest as _bezique_v1_GetReplayRequest, GetReplayRequest__Output as _bezique_v1_GetReplayRequest__Output } from '../../bezique/v1/GetReplayRequest';
import type { GetReplayResponse as _bezique_v1_GetReplayResponse, GetReplayResponse__Output as _bezique_v1_GetReplayResponse__Output } from '../../bezique/v1/GetReplayResponse';
import type { GetRuleCatalogRequest as _bezique_v1_GetRuleCatalogRequest, GetRuleCatalogRequest__Output as _bezique_v1_GetRuleCatalogRequest__Output } from '../../bezique/v1/GetRuleCatalogRequest';
import type { GetRuleCatalogResponse as _bezique_v1_GetRuleCatalogResponse, GetRuleCatalogResponse__Output as _bezique_v1_GetRuleCatalogResponse__Output } from '../../bezique/v1/GetRuleCatalogResponse';
import type { GetTableRequest as _bezique_v1_GetTableRequest, GetTableRequest__Output as _bezique_v1_GetTableRequest__Output } from '../../bezique/v1/GetTableRequest';
import type { GetTableResponse as _bezique_v1_GetTableResponse, GetTableResponse__Output as _bezique_v1_GetTableResponse__Output } from '../../bezique/v1/GetTableResponse';
import type { ListGamesRequest as _bezique_v1_ListGamesRequest, ListGamesRequest__Output as _bezique_v1_ListGamesRequest__Output } from '../../bezique/v1/ListGamesRequest';
import type { ListGamesResponse as _bezique_v1_ListGamesResponse, ListGamesResponse__Output as _bezique_v1_ListGamesResponse__Output } from '../../bezique/v1/ListGamesResponse';
import type { ListTablesRequest as _bezique_v1_ListTablesRequest, ListTablesRequest__Output as _bezique_v1_ListTablesRequest__Output } from '../../bezique/v1/ListTablesRequest';
import type { ListTablesResponse as _bezique_v1_ListTablesResponse, ListTablesResponse__Output as _bezique_v1_ListTablesResponse__Output } from '../../bezique/v1/ListTablesResponse';
import type { WatchTableRequest as _bezique_v1_WatchTableRequest, WatchTableRequest__Output as _bezique_v1_WatchTableRequest__Output } from '../../bezique/v1/WatchTableRequest';
import type { WatchTableResponse as _bezique_v1_WatchTableResponse, WatchTableResponse__Output as _bezique_v1_WatchTableResponse__Output } from '../../bezique/v1/WatchTableResponse';

/**
 * TableService creates, lists, watches and cancels tables, serves game records, and describes the
 * rule options a table may take.
 */
export interface TableServiceClient extends grpc.Client {
  /**
   * CancelTable cancels a table that has not finished.
   */
  CancelTable(argument: _bezique_v1_CancelTableRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  CancelTable(argument: _bezique_v1_CancelTableRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  CancelTable(argument: _bezique_v1_CancelTableRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  CancelTable(argument: _bezique_v1_CancelTableRequest, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CancelTable cancels a table that has not finished.
   */
  cancelTable(argument: _bezique_v1_CancelTableRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  cancelTable(argument: _bezique_v1_CancelTableRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  cancelTable(argument: _bezique_v1_CancelTableRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  cancelTable(argument: _bezique_v1_CancelTableRequest, callback: grpc.requestCallback<_bezique_v1_CancelTableResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * CreateTable creates a table and returns the remote seats' tokens.
   */
  CreateTable(argument: _bezique_v1_CreateTableRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  CreateTable(argument: _bezique_v1_CreateTableRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  CreateTable(argument: _bezique_v1_CreateTableRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  CreateTable(argument: _bezique_v1_CreateTableRequest, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateTable creates a table and returns the remote seats' tokens.
   */
  createTable(argument: _bezique_v1_CreateTableRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  createTable(argument: _bezique_v1_CreateTableRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  createTable(argument: _bezique_v1_CreateTableRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  createTable(argument: _bezique_v1_CreateTableRequest, callback: grpc.requestCallback<_bezique_v1_CreateTableResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetRecord returns a finished game's record, seed revealed. FAILED_PRECONDITION while the game
   * is in play, and for a running tournament's game while another game of its deal set (the same
   * cards, docs/TOURNAMENTS.md) is.
   */
  GetRecord(argument: _bezique_v1_GetRecordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  GetRecord(argument: _bezique_v1_GetRecordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  GetRecord(argument: _bezique_v1_GetRecordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  GetRecord(argument: _bezique_v1_GetRecordRequest, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetRecord returns a finished game's record, seed revealed. FAILED_PRECONDITION while the game
   * is in play, and for a running tournament's game while another game of its deal set (the same
   * cards, docs/TOURNAMENTS.md) is.
   */
  getRecord(argument: _bezique_v1_GetRecordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  getRecord(argument: _bezique_v1_GetRecordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  getRecord(argument: _bezique_v1_GetRecordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  getRecord(argument: _bezique_v1_GetRecordRequest, callback: grpc.requestCallback<_bezique_v1_GetRecordResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetReplay returns a finished game's events as the engine re-derives them from its record,
   * every card shown: what a replay viewer steps through. Refused as GetRecord is.
   */
  GetReplay(argument: _bezique_v1_GetReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  GetReplay(argument: _bezique_v1_GetReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  GetReplay(argument: _bezique_v1_GetReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  GetReplay(argument: _bezique_v1_GetReplayRequest, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetReplay returns a finished game's events as the engine re-derives them from its record,
   * every card shown: what a replay viewer steps through. Refused as GetRecord is.
   */
  getReplay(argument: _bezique_v1_GetReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  getReplay(argument: _bezique_v1_GetReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  getReplay(argument: _bezique_v1_GetReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  getReplay(argument: _bezique_v1_GetReplayRequest, callback: grpc.requestCallback<_bezique_v1_GetReplayResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetRuleCatalog lists the rule options CreateTable accepts, with their values and defaults (the
   * target's max is the referee's limit, --max-target).
   */
  GetRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  GetRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  GetRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  GetRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetRuleCatalog lists the rule options CreateTable accepts, with their values and defaults (the
   * target's max is the referee's limit, --max-target).
   */
  getRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  getRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  getRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  getRuleCatalog(argument: _bezique_v1_GetRuleCatalogRequest, callback: grpc.requestCallback<_bezique_v1_GetRuleCatalogResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * GetTable returns one table.
   */
  GetTable(argument: _bezique_v1_GetTableRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  GetTable(argument: _bezique_v1_GetTableRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  GetTable(argument: _bezique_v1_GetTableRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  GetTable(argument: _bezique_v1_GetTableRequest, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  /**
   * GetTable returns one table.
   */
  getTable(argument: _bezique_v1_GetTableRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  getTable(argument: _bezique_v1_GetTableRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  getTable(argument: _bezique_v1_GetTableRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  getTable(argument: _bezique_v1_GetTableRequest, callback: grpc.requestCallback<_bezique_v1_GetTableResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListGames lists finished games, newest first.
   */
  ListGames(argument: _bezique_v1_ListGamesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  ListGames(argument: _bezique_v1_ListGamesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  ListGames(argument: _bezique_v1_ListGamesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  ListGames(argument: _bezique_v1_ListGamesRequest, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListGames lists finished games, newest first.
   */
  listGames(argument: _bezique_v1_ListGamesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  listGames(argument: _bezique_v1_ListGamesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  listGames(argument: _bezique_v1_ListGamesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  listGames(argument: _bezique_v1_ListGamesRequest, callback: grpc.requestCallback<_bezique_v1_ListGamesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListTables lists tables, oldest first.
   */
  ListTables(argument: _bezique_v1_ListTablesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  ListTables(argument: _bezique_v1_ListTablesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  ListTables(argument: _bezique_v1_ListTablesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  ListTables(argument: _bezique_v1_ListTablesRequest, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListTables lists tables, oldest first.
   */
  listTables(argument: _bezique_v1_ListTablesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  listTables(argument: _bezique_v1_ListTablesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  listTables(argument: _bezique_v1_ListTablesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  listTables(argument: _bezique_v1_ListTablesRequest, callback: grpc.requestCallback<_bezique_v1_ListTablesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * WatchTable streams a table's public events until the game ends (status OK). The table never
   * waits for a spectator: each has a bounded buffer of live events (4 096 in the referee); a
   * spectator that falls that far behind is ended
   * with RESOURCE_EXHAUSTED "spectator fell behind at seq S: N events buffered and unsent; watch
   * again with from_seq S", every event before S having been sent, and resumes without a gap by
   * watching again with from_seq S. A tournament's game in play whose deal set has another game
   * to play, dealt the same cards, may be watched by an admin or the tournament's creator only
   * (PERMISSION_DENIED, docs/TOURNAMENTS.md "Shared cards").
   */
  WatchTable(argument: _bezique_v1_WatchTableRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_WatchTableResponse__Output>;
  WatchTable(argument: _bezique_v1_WatchTableRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_WatchTableResponse__Output>;
  /**
   * WatchTable streams a table's public events until the game ends (status OK). The table never
   * waits for a spectator: each has a bounded buffer of live events (4 096 in the referee); a
   * spectator that falls that far behind is ended
   * with RESOURCE_EXHAUSTED "spectator fell behind at seq S: N events buffered and unsent; watch
   * again with from_seq S", every event before S having been sent, and resumes without a gap by
   * watching again with from_seq S. A tournament's game in play whose deal set has another game
   * to play, dealt the same cards, may be watched by an admin or the tournament's creator only
   * (PERMISSION_DENIED, docs/TOURNAMENTS.md "Shared cards").
   */
  watchTable(argument: _bezique_v1_WatchTableRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_WatchTableResponse__Output>;
  watchTable(argument: _bezique_v1_WatchTableRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_WatchTableResponse__Output>;
  
}

/**
 * TableService creates, lists, watches and cancels tables, serves game records, and describes the
 * rule options a table may take.
 */
export interface TableServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CancelTable cancels a table that has not finished.
   */
  CancelTable: grpc.handleUnaryCall<_bezique_v1_CancelTableRequest__Output, _bezique_v1_CancelTableResponse>;
  
  /**
   * CreateTable creates a table and returns the remote seats' tokens.
   */
  CreateTable: grpc.handleUnaryCall<_bezique_v1_CreateTableRequest__Output, _bezique_v1_CreateTableResponse>;
  
  /**
   * GetRecord returns a finished game's record, seed revealed. FAILED_PRECONDITION while the game
   * is in play, and for a running tournament's game while another game of its deal set (the same
   * cards, docs/TOURNAMENTS.md) is.
   */
  GetRecord: grpc.handleUnaryCall<_bezique_v1_GetRecordRequest__Output, _bezique_v1_GetRecordResponse>;
  
  /**
   * GetReplay returns a finished game's events as the engine re-derives them from its record,
   * every card shown: what a replay viewer steps through. Refused as GetRecord is.
   */
  GetReplay: grpc.handleUnaryCall<_bezique_v1_GetReplayRequest__Output, _bezique_v1_GetReplayResponse>;
  
  /**
   * GetRuleCatalog lists the rule options CreateTable accepts, with their values and defaults (the
   * target's max is the referee's limit, --max-target).
   */
  GetRuleCatalog: grpc.handleUnaryCall<_bezique_v1_GetRuleCatalogRequest__Output, _bezique_v1_GetRuleCatalogResponse>;
  
  /**
   * GetTable returns one table.
   */
  GetTable: grpc.handleUnaryCall<_bezique_v1_GetTableRequest__Output, _bezique_v1_GetTableResponse>;
  
  /**
   * ListGames lists finished games, newest first.
   */
  ListGames: grpc.handleUnaryCall<_bezique_v1_ListGamesRequest__Output, _bezique_v1_ListGamesResponse>;
  
  /**
   * ListTables lists tables, oldest first.
   */
  ListTables: grpc.handleUnaryCall<_bezique_v1_ListTablesRequest__Output, _bezique_v1_ListTablesResponse>;
  
  /**
   * WatchTable streams a table's public events until the game ends (status OK). The table never
   * waits for a spectator: each has a bounded buffer of live events (4 096 in the referee); a
   * spectator that falls that far behind is ended
   * with RESOURCE_EXHAUSTED "spectator fell behind at seq S: N events buffered and unsent; watch
   * again with from_seq S", every event before S having been sent, and resumes without a gap by
   * watching again with from_seq S. A tournament's game in play whose deal set has another game
   * to play, dealt the same cards, may be watched by an admin or the tournament's creator only
   * (PERMISSION_DENIED, docs/TOURNAMENTS.md "Shared cards").
   */
  WatchTable: grpc.handleServerStreamingCall<_bezique_v1_WatchTableRequest__Output, _bezique_v1_WatchTableResponse>;
  
}

export interface TableServiceDefinition extends grpc.ServiceDefinition {
  CancelTable: MethodDefinition<_bezique_v1_CancelTableRequest, _bezique_v1_CancelTableResponse, _bezique_v1_CancelTableRequest__Output, _bezique_v1_CancelTableResponse__Output>
  CreateTable: MethodDefinition<_bezique_v1_CreateTableRequest, _bezique_v1_CreateTableResponse, _bezique_v1_CreateTableRequest__Output, _bezique_v1_CreateTableResponse__Output>
  GetRecord: MethodDefinition<_bezique_v1_GetRecordRequest, _bezique_v1_GetRecordResponse, _bezique_v1_GetRecordRequest__Output, _bezique_v1_GetRecordResponse__Output>
  GetReplay: MethodDefinition<_bezique_v1_GetReplayRequest, _bezique_v1_GetReplayResponse, _bezique_v1_GetReplayRequest__Output, _bezique_v1_GetReplayResponse__Output>
  GetRuleCatalog: MethodDefinition<_bezique_v1_GetRuleCatalogRequest, _bezique_v1_GetRuleCatalogResponse, _bezique_v1_GetRuleCatalogRequest__Output, _bezique_v1_GetRuleCatalogResponse__Output>
  GetTable: MethodDefinition<_bezique_v1_GetTableRequest, _bezique_v1_GetTableResponse, _bezique_v1_GetTableRequest__Output, _bezique_v1_GetTableResponse__Output>
  ListGames: MethodDefinition<_bezique_v1_ListGamesRequest, _bezique_v1_ListGamesResponse, _bezique_v1_ListGamesRequest__Output, _bezique_v1_ListGamesResponse__Output>
  ListTables: MethodDefinition<_bezique_v1_ListTablesRequest, _bezique_v1_ListTablesResponse, _bezique_v1_ListTablesRequest__Output, _bezique_v1_ListTablesResponse__Output>
  WatchTable: MethodDefinition<_bezique_v1_WatchTableRequest, _bezique_v1_WatchTableResponse, _bezique_v1_WatchTableRequest__Output, _bezique_v1_WatchTableResponse__Output>
}
