// Original file: ../../proto/bezique/v1/key_service.proto

import type { AuditEvent as _bezique_v1_AuditEvent, AuditEvent__Output as _bezique_v1_AuditEvent__Output } from '../../bezique/v1/AuditEvent';

/**
 * ListAuditEventsResponse is a page of the audit trail.
 */
export interface ListAuditEventsResponse {
  /**
   * events are the events, most recent first.
   */
  'events'?: (_bezique_v1_AuditEvent)[];
  /**
   * next_page_token fetches the next page; empty on the last.
   */
  'next_page_token'?: (string);
}

/**
 * ListAuditEventsResponse is a page of the audit trail.
 */
export interface ListAuditEventsResponse__Output {
  /**
   * events are the events, most recent first.
   */
  'events': (_bezique_v1_AuditEvent__Output)[];
  /**
   * next_page_token fetches the next page; empty on the last.
   */
  'next_page_token': (string);
}
