// Original file: ../../proto/bezique/v1/key.proto

/**
 * AuditAction is what an operator did.
 */
export const AuditAction = {
  /**
   * AUDIT_ACTION_UNSPECIFIED is no action.
   */
  AUDIT_ACTION_UNSPECIFIED: 'AUDIT_ACTION_UNSPECIFIED',
  /**
   * AUDIT_ACTION_TABLE_CREATED is a table created (target: the table id).
   */
  AUDIT_ACTION_TABLE_CREATED: 'AUDIT_ACTION_TABLE_CREATED',
  /**
   * AUDIT_ACTION_TABLE_CANCELLED is a table cancelled (target: the table id; detail: the reason).
   */
  AUDIT_ACTION_TABLE_CANCELLED: 'AUDIT_ACTION_TABLE_CANCELLED',
  /**
   * AUDIT_ACTION_KEY_CREATED is an API key created (target: the key id; detail: role and name).
   */
  AUDIT_ACTION_KEY_CREATED: 'AUDIT_ACTION_KEY_CREATED',
  /**
   * AUDIT_ACTION_KEY_REVOKED is an API key revoked (target: the key id).
   */
  AUDIT_ACTION_KEY_REVOKED: 'AUDIT_ACTION_KEY_REVOKED',
  /**
   * AUDIT_ACTION_TOURNAMENT_CREATED is a tournament created (target: the tournament id).
   */
  AUDIT_ACTION_TOURNAMENT_CREATED: 'AUDIT_ACTION_TOURNAMENT_CREATED',
  /**
   * AUDIT_ACTION_TOURNAMENT_CANCELLED is a tournament cancelled (target: the tournament id; detail: the reason).
   */
  AUDIT_ACTION_TOURNAMENT_CANCELLED: 'AUDIT_ACTION_TOURNAMENT_CANCELLED',
} as const;

/**
 * AuditAction is what an operator did.
 */
export type AuditAction =
  /**
   * AUDIT_ACTION_UNSPECIFIED is no action.
   */
  | 'AUDIT_ACTION_UNSPECIFIED'
  | 0
  /**
   * AUDIT_ACTION_TABLE_CREATED is a table created (target: the table id).
   */
  | 'AUDIT_ACTION_TABLE_CREATED'
  | 1
  /**
   * AUDIT_ACTION_TABLE_CANCELLED is a table cancelled (target: the table id; detail: the reason).
   */
  | 'AUDIT_ACTION_TABLE_CANCELLED'
  | 2
  /**
   * AUDIT_ACTION_KEY_CREATED is an API key created (target: the key id; detail: role and name).
   */
  | 'AUDIT_ACTION_KEY_CREATED'
  | 3
  /**
   * AUDIT_ACTION_KEY_REVOKED is an API key revoked (target: the key id).
   */
  | 'AUDIT_ACTION_KEY_REVOKED'
  | 4
  /**
   * AUDIT_ACTION_TOURNAMENT_CREATED is a tournament created (target: the tournament id).
   */
  | 'AUDIT_ACTION_TOURNAMENT_CREATED'
  | 5
  /**
   * AUDIT_ACTION_TOURNAMENT_CANCELLED is a tournament cancelled (target: the tournament id; detail: the reason).
   */
  | 'AUDIT_ACTION_TOURNAMENT_CANCELLED'
  | 6

/**
 * AuditAction is what an operator did.
 */
export type AuditAction__Output = typeof AuditAction[keyof typeof AuditAction]
