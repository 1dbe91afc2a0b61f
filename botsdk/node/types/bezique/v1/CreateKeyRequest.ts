// Original file: ../../proto/bezique/v1/key_service.proto

import type { Role as _bezique_v1_Role, Role__Output as _bezique_v1_Role__Output } from '../../bezique/v1/Role';

/**
 * CreateKeyRequest describes the key to create.
 */
export interface CreateKeyRequest {
  /**
   * name names the key (1 to 100 bytes); for a bot key, the bot's name in records and in the
   * lobby, which its seats take: 1 to 64 bytes.
   */
  'name'?: (string);
  /**
   * role is what the key may do.
   */
  'role'?: (_bezique_v1_Role);
  /**
   * owner is who runs the bot or holds the key (at most 100 bytes).
   */
  'owner'?: (string);
}

/**
 * CreateKeyRequest describes the key to create.
 */
export interface CreateKeyRequest__Output {
  /**
   * name names the key (1 to 100 bytes); for a bot key, the bot's name in records and in the
   * lobby, which its seats take: 1 to 64 bytes.
   */
  'name': (string);
  /**
   * role is what the key may do.
   */
  'role': (_bezique_v1_Role__Output);
  /**
   * owner is who runs the bot or holds the key (at most 100 bytes).
   */
  'owner': (string);
}
