// Original file: ../../proto/bezique/v1/seat_service.proto


/**
 * DecideResponse acknowledges that a Decide reached the seat's table; the outcome arrives on the
 * seat's stream.
 */
export interface DecideResponse {
}

/**
 * DecideResponse acknowledges that a Decide reached the seat's table; the outcome arrives on the
 * seat's stream.
 */
export interface DecideResponse__Output {
}
