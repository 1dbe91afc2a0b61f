// Original file: ../../proto/bezique/v1/key.proto

import type { Role as _bezique_v1_Role, Role__Output as _bezique_v1_Role__Output } from '../../bezique/v1/Role';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';

/**
 * ApiKey describes an API key; its secret is shown once, by CreateKey, and never stored.
 */
export interface ApiKey {
  /**
   * key_id is the key's public id ("k-" and 16 hex digits): the principal id in TableInfo.creator,
   * RemoteSeat.bot_key_id and the audit trail.
   */
  'key_id'?: (string);
  /**
   * name is the key's name; for a bot key, the bot's name in records.
   */
  'name'?: (string);
  /**
   * role is what the key may do.
   */
  'role'?: (_bezique_v1_Role);
  /**
   * owner is who runs the bot or holds the key (a person or team, for the operator's eyes).
   */
  'owner'?: (string);
  /**
   * create_time is when the key was created.
   */
  'create_time'?: (_google_protobuf_Timestamp | null);
  /**
   * creator is the principal id of the admin that created the key.
   */
  'creator'?: (string);
  /**
   * revoke_time is when the key was revoked; unset while the key is valid.
   */
  'revoke_time'?: (_google_protobuf_Timestamp | null);
}

/**
 * ApiKey describes an API key; its secret is shown once, by CreateKey, and never stored.
 */
export interface ApiKey__Output {
  /**
   * key_id is the key's public id ("k-" and 16 hex digits): the principal id in TableInfo.creator,
   * RemoteSeat.bot_key_id and the audit trail.
   */
  'key_id': (string);
  /**
   * name is the key's name; for a bot key, the bot's name in records.
   */
  'name': (string);
  /**
   * role is what the key may do.
   */
  'role': (_bezique_v1_Role__Output);
  /**
   * owner is who runs the bot or holds the key (a person or team, for the operator's eyes).
   */
  'owner': (string);
  /**
   * create_time is when the key was created.
   */
  'create_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * creator is the principal id of the admin that created the key.
   */
  'creator': (string);
  /**
   * revoke_time is when the key was revoked; unset while the key is valid.
   */
  'revoke_time': (_google_protobuf_Timestamp__Output | null);
}
