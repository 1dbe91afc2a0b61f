import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ApiKey as _bezique_v1_ApiKey, ApiKey__Output as _bezique_v1_ApiKey__Output } from './bezique/v1/ApiKey';
import type { AuditEvent as _bezique_v1_AuditEvent, AuditEvent__Output as _bezique_v1_AuditEvent__Output } from './bezique/v1/AuditEvent';
import type { CreateKeyRequest as _bezique_v1_CreateKeyRequest, CreateKeyRequest__Output as _bezique_v1_CreateKeyRequest__Output } from './bezique/v1/CreateKeyRequest';
import type { CreateKeyResponse as _bezique_v1_CreateKeyResponse, CreateKeyResponse__Output as _bezique_v1_CreateKeyResponse__Output } from './bezique/v1/CreateKeyResponse';
import type { KeyServiceClient as _bezique_v1_KeyServiceClient, KeyServiceDefinition as _bezique_v1_KeyServiceDefinition } from './bezique/v1/KeyService';
import type { ListAuditEventsRequest as _bezique_v1_ListAuditEventsRequest, ListAuditEventsRequest__Output as _bezique_v1_ListAuditEventsRequest__Output } from './bezique/v1/ListAuditEventsRequest';
import type { ListAuditEventsResponse as _bezique_v1_ListAuditEventsResponse, ListAuditEventsResponse__Output as _bezique_v1_ListAuditEventsResponse__Output } from './bezique/v1/ListAuditEventsResponse';
import type { ListKeysRequest as _bezique_v1_ListKeysRequest, ListKeysRequest__Output as _bezique_v1_ListKeysRequest__Output } from './bezique/v1/ListKeysRequest';
import type { ListKeysResponse as _bezique_v1_ListKeysResponse, ListKeysResponse__Output as _bezique_v1_ListKeysResponse__Output } from './bezique/v1/ListKeysResponse';
import type { RevokeKeyRequest as _bezique_v1_RevokeKeyRequest, RevokeKeyRequest__Output as _bezique_v1_RevokeKeyRequest__Output } from './bezique/v1/RevokeKeyRequest';
import type { RevokeKeyResponse as _bezique_v1_RevokeKeyResponse, RevokeKeyResponse__Output as _bezique_v1_RevokeKeyResponse__Output } from './bezique/v1/RevokeKeyResponse';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  bezique: {
    v1: {
      ApiKey: MessageTypeDefinition<_bezique_v1_ApiKey, _bezique_v1_ApiKey__Output>
      AuditAction: EnumTypeDefinition
      AuditEvent: MessageTypeDefinition<_bezique_v1_AuditEvent, _bezique_v1_AuditEvent__Output>
      CreateKeyRequest: MessageTypeDefinition<_bezique_v1_CreateKeyRequest, _bezique_v1_CreateKeyRequest__Output>
      CreateKeyResponse: MessageTypeDefinition<_bezique_v1_CreateKeyResponse, _bezique_v1_CreateKeyResponse__Output>
      /**
       * KeyService manages API keys and serves the audit trail; admin keys only
       * (docs/SECURITY.md).
       */
      KeyService: SubtypeConstructor<typeof grpc.Client, _bezique_v1_KeyServiceClient> & { service: _bezique_v1_KeyServiceDefinition }
      ListAuditEventsRequest: MessageTypeDefinition<_bezique_v1_ListAuditEventsRequest, _bezique_v1_ListAuditEventsRequest__Output>
      ListAuditEventsResponse: MessageTypeDefinition<_bezique_v1_ListAuditEventsResponse, _bezique_v1_ListAuditEventsResponse__Output>
      ListKeysRequest: MessageTypeDefinition<_bezique_v1_ListKeysRequest, _bezique_v1_ListKeysRequest__Output>
      ListKeysResponse: MessageTypeDefinition<_bezique_v1_ListKeysResponse, _bezique_v1_ListKeysResponse__Output>
      RevokeKeyRequest: MessageTypeDefinition<_bezique_v1_RevokeKeyRequest, _bezique_v1_RevokeKeyRequest__Output>
      RevokeKeyResponse: MessageTypeDefinition<_bezique_v1_RevokeKeyResponse, _bezique_v1_RevokeKeyResponse__Output>
      Role: EnumTypeDefinition
    }
  }
  google: {
    protobuf: {
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
    }
  }
}

