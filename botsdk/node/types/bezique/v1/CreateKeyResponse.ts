// Original file: ../../proto/bezique/v1/key_service.proto

import type { ApiKey as _bezique_v1_ApiKey, ApiKey__Output as _bezique_v1_ApiKey__Output } from '../../bezique/v1/ApiKey';

/**
 * CreateKeyResponse is the created key and its secret.
 */
export interface CreateKeyResponse {
  /**
   * key is the created key.
   */
  'key'?: (_bezique_v1_ApiKey | null);
  /**
   * secret is the key itself ("bzq_" and 43 base64url characters), to send as
   * "authorization: Bearer <secret>". It is shown only here: the referee stores its SHA-256.
   */
  'secret'?: (string);
}

/**
 * CreateKeyResponse is the created key and its secret.
 */
export interface CreateKeyResponse__Output {
  /**
   * key is the created key.
   */
  'key': (_bezique_v1_ApiKey__Output | null);
  /**
   * secret is the key itself ("bzq_" and 43 base64url characters), to send as
   * "authorization: Bearer <secret>". It is shown only here: the referee stores its SHA-256.
   */
  'secret': (string);
}
