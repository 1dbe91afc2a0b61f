// Original file: ../../proto/bezique/v1/lobby_service.proto


/**
 * ListBotsRequest asks for the bots present; it has no fields.
 */
export interface ListBotsRequest {
}

/**
 * ListBotsRequest asks for the bots present; it has no fields.
 */
export interface ListBotsRequest__Output {
}
