// Original file: ../../proto/bezique/v1/key_service.proto

import type { ApiKey as _bezique_v1_ApiKey, ApiKey__Output as _bezique_v1_ApiKey__Output } from '../../bezique/v1/ApiKey';

/**
 * ListKeysResponse is every key.
 */
export interface ListKeysResponse {
  /**
   * keys are the keys, oldest first.
   */
  'keys'?: (_bezique_v1_ApiKey)[];
}

/**
 * ListKeysResponse is every key.
 */
export interface ListKeysResponse__Output {
  /**
   * keys are the keys, oldest first.
   */
  'keys': (_bezique_v1_ApiKey__Output)[];
}
