// Original file: ../../proto/bezique/v1/seat.proto

/**
 * RejectionCode is why a decision was rejected.
 */
export const RejectionCode = {
  /**
   * REJECTION_CODE_UNSPECIFIED is no code.
   */
  REJECTION_CODE_UNSPECIFIED: 'REJECTION_CODE_UNSPECIFIED',
  /**
   * REJECTION_CODE_ILLEGAL_ACTION is an action the rules forbid now.
   */
  REJECTION_CODE_ILLEGAL_ACTION: 'REJECTION_CODE_ILLEGAL_ACTION',
  /**
   * REJECTION_CODE_STALE_REQUEST is an answer to a request no longer open.
   */
  REJECTION_CODE_STALE_REQUEST: 'REJECTION_CODE_STALE_REQUEST',
  /**
   * REJECTION_CODE_UNKNOWN_ACTION is an action_id not in the request.
   */
  REJECTION_CODE_UNKNOWN_ACTION: 'REJECTION_CODE_UNKNOWN_ACTION',
  /**
   * REJECTION_CODE_MALFORMED is a message that cannot be read (missing fields, bad card ids).
   */
  REJECTION_CODE_MALFORMED: 'REJECTION_CODE_MALFORMED',
  /**
   * REJECTION_CODE_UNAVAILABLE is an answer the referee could not store (a storage failure):
   * nothing changed and the request stays open; send the answer again.
   */
  REJECTION_CODE_UNAVAILABLE: 'REJECTION_CODE_UNAVAILABLE',
  /**
   * REJECTION_CODE_NOT_CAPTAIN is a Decide from a team member other than the captain (member 0)
   * at a table with TEAM_POLICY_CAPTAIN: nothing changed; propose through TeamMessage instead.
   */
  REJECTION_CODE_NOT_CAPTAIN: 'REJECTION_CODE_NOT_CAPTAIN',
} as const;

/**
 * RejectionCode is why a decision was rejected.
 */
export type RejectionCode =
  /**
   * REJECTION_CODE_UNSPECIFIED is no code.
   */
  | 'REJECTION_CODE_UNSPECIFIED'
  | 0
  /**
   * REJECTION_CODE_ILLEGAL_ACTION is an action the rules forbid now.
   */
  | 'REJECTION_CODE_ILLEGAL_ACTION'
  | 1
  /**
   * REJECTION_CODE_STALE_REQUEST is an answer to a request no longer open.
   */
  | 'REJECTION_CODE_STALE_REQUEST'
  | 2
  /**
   * REJECTION_CODE_UNKNOWN_ACTION is an action_id not in the request.
   */
  | 'REJECTION_CODE_UNKNOWN_ACTION'
  | 3
  /**
   * REJECTION_CODE_MALFORMED is a message that cannot be read (missing fields, bad card ids).
   */
  | 'REJECTION_CODE_MALFORMED'
  | 4
  /**
   * REJECTION_CODE_UNAVAILABLE is an answer the referee could not store (a storage failure):
   * nothing changed and the request stays open; send the answer again.
   */
  | 'REJECTION_CODE_UNAVAILABLE'
  | 5
  /**
   * REJECTION_CODE_NOT_CAPTAIN is a Decide from a team member other than the captain (member 0)
   * at a table with TEAM_POLICY_CAPTAIN: nothing changed; propose through TeamMessage instead.
   */
  | 'REJECTION_CODE_NOT_CAPTAIN'
  | 6

/**
 * RejectionCode is why a decision was rejected.
 */
export type RejectionCode__Output = typeof RejectionCode[keyof typeof RejectionCode]
