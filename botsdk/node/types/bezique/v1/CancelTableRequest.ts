// Original file: ../../proto/bezique/v1/table_service.proto


/**
 * CancelTableRequest names the table to cancel.
 */
export interface CancelTableRequest {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * reason is why, recorded in the TableCancelled event: at most 256 bytes of UTF-8 without
   * control characters (INVALID_ARGUMENT otherwise).
   */
  'reason'?: (string);
}

/**
 * CancelTableRequest names the table to cancel.
 */
export interface CancelTableRequest__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * reason is why, recorded in the TableCancelled event: at most 256 bytes of UTF-8 without
   * control characters (INVALID_ARGUMENT otherwise).
   */
  'reason': (string);
}
