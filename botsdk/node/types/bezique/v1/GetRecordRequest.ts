// Original file: ../../proto/bezique/v1/table_service.proto


/**
 * GetRecordRequest names a finished game.
 */
export interface GetRecordRequest {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
}

/**
 * GetRecordRequest names a finished game.
 */
export interface GetRecordRequest__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
}
