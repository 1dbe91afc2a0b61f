// Original file: ../../proto/bezique/v1/key_service.proto


/**
 * RevokeKeyRequest names the key to revoke.
 */
export interface RevokeKeyRequest {
  /**
   * key_id is the key's id.
   */
  'key_id'?: (string);
}

/**
 * RevokeKeyRequest names the key to revoke.
 */
export interface RevokeKeyRequest__Output {
  /**
   * key_id is the key's id.
   */
  'key_id': (string);
}
