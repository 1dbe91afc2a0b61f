// Original file: ../../proto/bezique/v1/table_service.proto


/**
 * GetTableRequest names a table.
 */
export interface GetTableRequest {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
}

/**
 * GetTableRequest names a table.
 */
export interface GetTableRequest__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
}
