// Original file: ../../proto/bezique/v1/key_service.proto


/**
 * ListKeysRequest asks for every key; it has no fields.
 */
export interface ListKeysRequest {
}

/**
 * ListKeysRequest asks for every key; it has no fields.
 */
export interface ListKeysRequest__Output {
}
