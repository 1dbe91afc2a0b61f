// Original file: ../../proto/bezique/v1/key_service.proto

import type { ApiKey as _bezique_v1_ApiKey, ApiKey__Output as _bezique_v1_ApiKey__Output } from '../../bezique/v1/ApiKey';

/**
 * RevokeKeyResponse is the revoked key.
 */
export interface RevokeKeyResponse {
  /**
   * key is the key, revoke_time set.
   */
  'key'?: (_bezique_v1_ApiKey | null);
}

/**
 * RevokeKeyResponse is the revoked key.
 */
export interface RevokeKeyResponse__Output {
  /**
   * key is the key, revoke_time set.
   */
  'key': (_bezique_v1_ApiKey__Output | null);
}
