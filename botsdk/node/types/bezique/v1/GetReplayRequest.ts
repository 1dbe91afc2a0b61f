// Original file: ../../proto/bezique/v1/table_service.proto


/**
 * GetReplayRequest names a finished game.
 */
export interface GetReplayRequest {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
}

/**
 * GetReplayRequest names a finished game.
 */
export interface GetReplayRequest__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
}
