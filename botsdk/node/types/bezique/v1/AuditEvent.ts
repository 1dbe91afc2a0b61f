// Original file: ../../proto/bezique/v1/key.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';
import type { AuditAction as _bezique_v1_AuditAction, AuditAction__Output as _bezique_v1_AuditAction__Output } from '../../bezique/v1/AuditAction';

/**
 * AuditEvent is one operator action of the audit trail.
 */
export interface AuditEvent {
  /**
   * time is when the action was taken.
   */
  'time'?: (_google_protobuf_Timestamp | null);
  /**
   * principal is the principal id that took it: a key id, "admin" for the configured admin key,
   * "local" for an in-process caller and for every caller when the referee runs without
   * authentication.
   */
  'principal'?: (string);
  /**
   * action is what was done.
   */
  'action'?: (_bezique_v1_AuditAction);
  /**
   * target is the id of the table or key acted on.
   */
  'target'?: (string);
  /**
   * detail is free text: a cancellation's reason, a created key's role and name.
   */
  'detail'?: (string);
}

/**
 * AuditEvent is one operator action of the audit trail.
 */
export interface AuditEvent__Output {
  /**
   * time is when the action was taken.
   */
  'time': (_google_protobuf_Timestamp__Output | null);
  /**
   * principal is the principal id that took it: a key id, "admin" for the configured admin key,
   * "local" for an in-process caller and for every caller when the referee runs without
   * authentication.
   */
  'principal': (string);
  /**
   * action is what was done.
   */
  'action': (_bezique_v1_AuditAction__Output);
  /**
   * target is the id of the table or key acted on.
   */
  'target': (string);
  /**
   * detail is free text: a cancellation's reason, a created key's role and name.
   */
  'detail': (string);
}
