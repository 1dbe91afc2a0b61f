// Original file: ../../proto/bezique/v1/key_service.proto


/**
 * ListAuditEventsRequest asks for a page of the audit trail.
 */
export interface ListAuditEventsRequest {
  /**
   * page_size is the most events to return; 0 uses the server's default (50), and more than
   * 1 000 is 1 000.
   */
  'page_size'?: (number);
  /**
   * page_token is the next_page_token of the previous page; empty for the first.
   */
  'page_token'?: (string);
}

/**
 * ListAuditEventsRequest asks for a page of the audit trail.
 */
export interface ListAuditEventsRequest__Output {
  /**
   * page_size is the most events to return; 0 uses the server's default (50), and more than
   * 1 000 is 1 000.
   */
  'page_size': (number);
  /**
   * page_token is the next_page_token of the previous page; empty for the first.
   */
  'page_token': (string);
}
