// Original file: ../../proto/bezique/v1/seat.proto

import type { RejectionCode as _bezique_v1_RejectionCode, RejectionCode__Output as _bezique_v1_RejectionCode__Output } from '../../bezique/v1/RejectionCode';
import type { Long } from '@grpc/proto-loader';

/**
 * Rejection refuses a Decide; the request stays open unless the code says otherwise.
 */
export interface Rejection {
  /**
   * request_id is the request the Decide named.
   */
  'request_id'?: (number | string | Long);
  /**
   * code is why.
   */
  'code'?: (_bezique_v1_RejectionCode);
  /**
   * rule is the rule broken ("RULES.md §1.8"), if any.
   */
  'rule'?: (string);
  /**
   * message is a human-readable explanation.
   */
  'message'?: (string);
  /**
   * strikes is the number of rejected answers counted against this decision so far, this one
   * included; 0 for a rejection that counts none (REJECTION_CODE_STALE_REQUEST, NOT_CAPTAIN,
   * UNAVAILABLE, and the MALFORMED of a message that answers no request: a second Join, no kind
   * set, a refused TeamMessage; request_id 0). At strike_limit the table's FailurePolicy.on_illegal applies at once (the seat
   * forfeits, or the referee plays for it) and the count starts again at the next decision.
   */
  'strikes'?: (number);
  /**
   * strike_limit is the table's FailurePolicy.strike_limit, on every rejection: the strikes one
   * decision tolerates (never 0: a table created with 0 has the default, 3).
   */
  'strike_limit'?: (number);
}

/**
 * Rejection refuses a Decide; the request stays open unless the code says otherwise.
 */
export interface Rejection__Output {
  /**
   * request_id is the request the Decide named.
   */
  'request_id': (number);
  /**
   * code is why.
   */
  'code': (_bezique_v1_RejectionCode__Output);
  /**
   * rule is the rule broken ("RULES.md §1.8"), if any.
   */
  'rule': (string);
  /**
   * message is a human-readable explanation.
   */
  'message': (string);
  /**
   * strikes is the number of rejected answers counted against this decision so far, this one
   * included; 0 for a rejection that counts none (REJECTION_CODE_STALE_REQUEST, NOT_CAPTAIN,
   * UNAVAILABLE, and the MALFORMED of a message that answers no request: a second Join, no kind
   * set, a refused TeamMessage; request_id 0). At strike_limit the table's FailurePolicy.on_illegal applies at once (the seat
   * forfeits, or the referee plays for it) and the count starts again at the next decision.
   */
  'strikes': (number);
  /**
   * strike_limit is the table's FailurePolicy.strike_limit, on every rejection: the strikes one
   * decision tolerates (never 0: a table created with 0 has the default, 3).
   */
  'strike_limit': (number);
}
