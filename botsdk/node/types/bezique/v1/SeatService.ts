// Original file: ../../proto/bezique/v1/seat_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ConnectRequest as _bezique_v1_ConnectRequest, ConnectRequest__Output as _bezique_v1_ConnectRequest__Output } from '../../bezique/v1/ConnectRequest';
import type { ConnectResponse as _bezique_v1_ConnectResponse, ConnectResponse__Output as _bezique_v1_ConnectResponse__Output } from '../../bezique/v1/ConnectResponse';
import type { DecideRequest as _bezique_v1_DecideRequest, DecideRequest__Output as _bezique_v1_DecideRequest__Output } from '../../bezique/v1/DecideRequest';
import type { DecideResponse as _bezique_v1_DecideResponse, DecideResponse__Output as _bezique_v1_DecideResponse__Output } from '../../bezique/v1/DecideResponse';
import type { PlayRequest as _bezique_v1_PlayRequest, PlayRequest__Output as _bezique_v1_PlayRequest__Output } from '../../bezique/v1/PlayRequest';
import type { PlayResponse as _bezique_v1_PlayResponse, PlayResponse__Output as _bezique_v1_PlayResponse__Output } from '../../bezique/v1/PlayResponse';

/**
 * SeatService is how a remote bot plays a seat.
 */
export interface SeatServiceClient extends grpc.Client {
  /**
   * Connect is a bot's session: Join first, then Decide and Pong; the server sends Welcome,
   * Events, DecisionRequests, Rejections, Pings, ClockReports and GameOver. The Join must arrive
   * within the referee's join timeout (10 s by default, --join-timeout) of opening the stream, or
   * the stream ends with DEADLINE_EXCEEDED.
   */
  Connect(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_bezique_v1_ConnectRequest, _bezique_v1_ConnectResponse__Output>;
  Connect(options?: grpc.CallOptions): grpc.ClientDuplexStream<_bezique_v1_ConnectRequest, _bezique_v1_ConnectResponse__Output>;
  /**
   * Connect is a bot's session: Join first, then Decide and Pong; the server sends Welcome,
   * Events, DecisionRequests, Rejections, Pings, ClockReports and GameOver. The Join must arrive
   * within the referee's join timeout (10 s by default, --join-timeout) of opening the stream, or
   * the stream ends with DEADLINE_EXCEEDED.
   */
  connect(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_bezique_v1_ConnectRequest, _bezique_v1_ConnectResponse__Output>;
  connect(options?: grpc.CallOptions): grpc.ClientDuplexStream<_bezique_v1_ConnectRequest, _bezique_v1_ConnectResponse__Output>;
  
  /**
   * Decide answers a DecisionRequest of the seat's current stream (Play, or Connect) with the
   * seat's token. Its outcome arrives on that stream, as on Connect: the action's events, or a
   * Rejection (a strike for an action the rules refuse). The call itself fails, costing no
   * strike: INVALID_ARGUMENT naming the field for a request that is not one (no decide, a decide
   * without action_id or action, an action that does not read, a seat or member the table does
   * not have); NOT_FOUND for an unknown table; PERMISSION_DENIED for a wrong or missing token, a
   * built-in seat, or a key other than a bound seat's (UNAUTHENTICATED for a key the referee does
   * not know); FAILED_PRECONDITION when the seat has no stream or the table has ended.
   */
  Decide(argument: _bezique_v1_DecideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  Decide(argument: _bezique_v1_DecideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  Decide(argument: _bezique_v1_DecideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  Decide(argument: _bezique_v1_DecideRequest, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Decide answers a DecisionRequest of the seat's current stream (Play, or Connect) with the
   * seat's token. Its outcome arrives on that stream, as on Connect: the action's events, or a
   * Rejection (a strike for an action the rules refuse). The call itself fails, costing no
   * strike: INVALID_ARGUMENT naming the field for a request that is not one (no decide, a decide
   * without action_id or action, an action that does not read, a seat or member the table does
   * not have); NOT_FOUND for an unknown table; PERMISSION_DENIED for a wrong or missing token, a
   * built-in seat, or a key other than a bound seat's (UNAUTHENTICATED for a key the referee does
   * not know); FAILED_PRECONDITION when the seat has no stream or the table has ended.
   */
  decide(argument: _bezique_v1_DecideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  decide(argument: _bezique_v1_DecideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  decide(argument: _bezique_v1_DecideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  decide(argument: _bezique_v1_DecideRequest, callback: grpc.requestCallback<_bezique_v1_DecideResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Play is a seat for a client that cannot hold a bidirectional stream (a browser over
   * HTTP/1.1, through gRPC-Web or the Connect protocol): Connect's server half. The request joins
   * as Connect's Join does; the server then sends what Connect sends except Pings and the
   * ClockReports that follow their Pongs (the seat's clock is in each DecisionRequest; every
   * seat's in TableService.WatchTable with clock_reports), and the client answers each
   * DecisionRequest with the unary Decide. Opening Play for a seat supersedes its
   * earlier stream (Connect or Play), which ends with ABORTED.
   */
  Play(argument: _bezique_v1_PlayRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_PlayResponse__Output>;
  Play(argument: _bezique_v1_PlayRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_PlayResponse__Output>;
  /**
   * Play is a seat for a client that cannot hold a bidirectional stream (a browser over
   * HTTP/1.1, through gRPC-Web or the Connect protocol): Connect's server half. The request joins
   * as Connect's Join does; the server then sends what Connect sends except Pings and the
   * ClockReports that follow their Pongs (the seat's clock is in each DecisionRequest; every
   * seat's in TableService.WatchTable with clock_reports), and the client answers each
   * DecisionRequest with the unary Decide. Opening Play for a seat supersedes its
   * earlier stream (Connect or Play), which ends with ABORTED.
   */
  play(argument: _bezique_v1_PlayRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_PlayResponse__Output>;
  play(argument: _bezique_v1_PlayRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_bezique_v1_PlayResponse__Output>;
  
}

/**
 * SeatService is how a remote bot plays a seat.
 */
export interface SeatServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Connect is a bot's session: Join first, then Decide and Pong; the server sends Welcome,
   * Events, DecisionRequests, Rejections, Pings, ClockReports and GameOver. The Join must arrive
   * within the referee's join timeout (10 s by default, --join-timeout) of opening the stream, or
   * the stream ends with DEADLINE_EXCEEDED.
   */
  Connect: grpc.handleBidiStreamingCall<_bezique_v1_ConnectRequest__Output, _bezique_v1_ConnectResponse>;
  
  /**
   * Decide answers a DecisionRequest of the seat's current stream (Play, or Connect) with the
   * seat's token. Its outcome arrives on that stream, as on Connect: the action's events, or a
   * Rejection (a strike for an action the rules refuse). The call itself fails, costing no
   * strike: INVALID_ARGUMENT naming the field for a request that is not one (no decide, a decide
   * without action_id or action, an action that does not read, a seat or member the table does
   * not have); NOT_FOUND for an unknown table; PERMISSION_DENIED for a wrong or missing token, a
   * built-in seat, or a key other than a bound seat's (UNAUTHENTICATED for a key the referee does
   * not know); FAILED_PRECONDITION when the seat has no stream or the table has ended.
   */
  Decide: grpc.handleUnaryCall<_bezique_v1_DecideRequest__Output, _bezique_v1_DecideResponse>;
  
  /**
   * Play is a seat for a client that cannot hold a bidirectional stream (a browser over
   * HTTP/1.1, through gRPC-Web or the Connect protocol): Connect's server half. The request joins
   * as Connect's Join does; the server then sends what Connect sends except Pings and the
   * ClockReports that follow their Pongs (the seat's clock is in each DecisionRequest; every
   * seat's in TableService.WatchTable with clock_reports), and the client answers each
   * DecisionRequest with the unary Decide. Opening Play for a seat supersedes its
   * earlier stream (Connect or Play), which ends with ABORTED.
   */
  Play: grpc.handleServerStreamingCall<_bezique_v1_PlayRequest__Output, _bezique_v1_PlayResponse>;
  
}

export interface SeatServiceDefinition extends grpc.ServiceDefinition {
  Connect: MethodDefinition<_bezique_v1_ConnectRequest, _bezique_v1_ConnectResponse, _bezique_v1_ConnectRequest__Output, _bezique_v1_ConnectResponse__Output>
  Decide: MethodDefinition<_bezique_v1_DecideRequest, _bezique_v1_DecideResponse, _bezique_v1_DecideRequest__Output, _bezique_v1_DecideResponse__Output>
  Play: MethodDefinition<_bezique_v1_PlayRequest, _bezique_v1_PlayResponse, _bezique_v1_PlayRequest__Output, _bezique_v1_PlayResponse__Output>
}
