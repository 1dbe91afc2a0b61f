// Original file: ../../proto/bezique/v1/key_service.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateKeyRequest as _bezique_v1_CreateKeyRequest, CreateKeyRequest__Output as _bezique_v1_CreateKeyRequest__Output } from '../../bezique/v1/CreateKeyRequest';
import type { CreateKeyResponse as _bezique_v1_CreateKeyResponse, CreateKeyResponse__Output as _bezique_v1_CreateKeyResponse__Output } from '../../bezique/v1/CreateKeyResponse';
import type { ListAuditEventsRequest as _bezique_v1_ListAuditEventsRequest, ListAuditEventsRequest__Output as _bezique_v1_ListAuditEventsRequest__Output } from '../../bezique/v1/ListAuditEventsRequest';
import type { ListAuditEventsResponse as _bezique_v1_ListAuditEventsResponse, ListAuditEventsResponse__Output as _bezique_v1_ListAuditEventsResponse__Output } from '../../bezique/v1/ListAuditEventsResponse';
import type { ListKeysRequest as _bezique_v1_ListKeysRequest, ListKeysRequest__Output as _bezique_v1_ListKeysRequest__Output } from '../../bezique/v1/ListKeysRequest';
import type { ListKeysResponse as _bezique_v1_ListKeysResponse, ListKeysResponse__Output as _bezique_v1_ListKeysResponse__Output } from '../../bezique/v1/ListKeysResponse';
import type { RevokeKeyRequest as _bezique_v1_RevokeKeyRequest, RevokeKeyRequest__Output as _bezique_v1_RevokeKeyRequest__Output } from '../../bezique/v1/RevokeKeyRequest';
import type { RevokeKeyResponse as _bezique_v1_RevokeKeyResponse, RevokeKeyResponse__Output as _bezique_v1_RevokeKeyResponse__Output } from '../../bezique/v1/RevokeKeyResponse';

/**
 * KeyService manages API keys and serves the audit trail; admin keys only
 * (docs/SECURITY.md).
 */
export interface KeyServiceClient extends grpc.Client {
  /**
   * CreateKey creates an API key and returns its secret, once; FailedPrecondition when the
   * referee runs without authentication (its keys would not be checked).
   */
  CreateKey(argument: _bezique_v1_CreateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateKey(argument: _bezique_v1_CreateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateKey(argument: _bezique_v1_CreateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  CreateKey(argument: _bezique_v1_CreateKeyRequest, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * CreateKey creates an API key and returns its secret, once; FailedPrecondition when the
   * referee runs without authentication (its keys would not be checked).
   */
  createKey(argument: _bezique_v1_CreateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  createKey(argument: _bezique_v1_CreateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  createKey(argument: _bezique_v1_CreateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  createKey(argument: _bezique_v1_CreateKeyRequest, callback: grpc.requestCallback<_bezique_v1_CreateKeyResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListAuditEvents lists the operator actions, most recent first.
   */
  ListAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  ListAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListAuditEvents lists the operator actions, most recent first.
   */
  listAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  listAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  listAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  listAuditEvents(argument: _bezique_v1_ListAuditEventsRequest, callback: grpc.requestCallback<_bezique_v1_ListAuditEventsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * ListKeys lists every API key, revoked ones included, oldest first; never the secrets.
   */
  ListKeys(argument: _bezique_v1_ListKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  ListKeys(argument: _bezique_v1_ListKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  ListKeys(argument: _bezique_v1_ListKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  ListKeys(argument: _bezique_v1_ListKeysRequest, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  /**
   * ListKeys lists every API key, revoked ones included, oldest first; never the secrets.
   */
  listKeys(argument: _bezique_v1_ListKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _bezique_v1_ListKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _bezique_v1_ListKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _bezique_v1_ListKeysRequest, callback: grpc.requestCallback<_bezique_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * RevokeKey revokes an API key: it is refused from then on.
   */
  RevokeKey(argument: _bezique_v1_RevokeKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  RevokeKey(argument: _bezique_v1_RevokeKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  RevokeKey(argument: _bezique_v1_RevokeKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  RevokeKey(argument: _bezique_v1_RevokeKeyRequest, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  /**
   * RevokeKey revokes an API key: it is refused from then on.
   */
  revokeKey(argument: _bezique_v1_RevokeKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _bezique_v1_RevokeKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _bezique_v1_RevokeKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _bezique_v1_RevokeKeyRequest, callback: grpc.requestCallback<_bezique_v1_RevokeKeyResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * KeyService manages API keys and serves the audit trail; admin keys only
 * (docs/SECURITY.md).
 */
export interface KeyServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * CreateKey creates an API key and returns its secret, once; FailedPrecondition when the
   * referee runs without authentication (its keys would not be checked).
   */
  CreateKey: grpc.handleUnaryCall<_bezique_v1_CreateKeyRequest__Output, _bezique_v1_CreateKeyResponse>;
  
  /**
   * ListAuditEvents lists the operator actions, most recent first.
   */
  ListAuditEvents: grpc.handleUnaryCall<_bezique_v1_ListAuditEventsRequest__Output, _bezique_v1_ListAuditEventsResponse>;
  
  /**
   * ListKeys lists every API key, revoked ones included, oldest first; never the secrets.
   */
  ListKeys: grpc.handleUnaryCall<_bezique_v1_ListKeysRequest__Output, _bezique_v1_ListKeysResponse>;
  
  /**
   * RevokeKey revokes an API key: it is refused from then on.
   */
  RevokeKey: grpc.handleUnaryCall<_bezique_v1_RevokeKeyRequest__Output, _bezique_v1_RevokeKeyResponse>;
  
}

export interface KeyServiceDefinition extends grpc.ServiceDefinition {
  CreateKey: MethodDefinition<_bezique_v1_CreateKeyRequest, _bezique_v1_CreateKeyResponse, _bezique_v1_CreateKeyRequest__Output, _bezique_v1_CreateKeyResponse__Output>
  ListAuditEvents: MethodDefinition<_bezique_v1_ListAuditEventsRequest, _bezique_v1_ListAuditEventsResponse, _bezique_v1_ListAuditEventsRequest__Output, _bezique_v1_ListAuditEventsResponse__Output>
  ListKeys: MethodDefinition<_bezique_v1_ListKeysRequest, _bezique_v1_ListKeysResponse, _bezique_v1_ListKeysRequest__Output, _bezique_v1_ListKeysResponse__Output>
  RevokeKey: MethodDefinition<_bezique_v1_RevokeKeyRequest, _bezique_v1_RevokeKeyResponse, _bezique_v1_RevokeKeyRequest__Output, _bezique_v1_RevokeKeyResponse__Output>
}
