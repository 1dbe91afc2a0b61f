// Original file: ../../proto/bezique/v1/table.proto

/**
 * ForfeitCause is why a seat forfeited: which rule of the table's failure policy applied.
 */
export const ForfeitCause = {
  /**
   * FORFEIT_CAUSE_UNSPECIFIED is no forfeit, or a forfeit whose cause was not recorded.
   */
  FORFEIT_CAUSE_UNSPECIFIED: 'FORFEIT_CAUSE_UNSPECIFIED',
  /**
   * FORFEIT_CAUSE_TIMEOUT is a seat out of time (decision time and bank spent; on_timeout).
   */
  FORFEIT_CAUSE_TIMEOUT: 'FORFEIT_CAUSE_TIMEOUT',
  /**
   * FORFEIT_CAUSE_ILLEGAL is a seat whose illegal answers reached the strike limit (on_illegal).
   */
  FORFEIT_CAUSE_ILLEGAL: 'FORFEIT_CAUSE_ILLEGAL',
  /**
   * FORFEIT_CAUSE_DISCONNECT is a seat away longer than the disconnect grace (on_disconnect).
   */
  FORFEIT_CAUSE_DISCONNECT: 'FORFEIT_CAUSE_DISCONNECT',
} as const;

/**
 * ForfeitCause is why a seat forfeited: which rule of the table's failure policy applied.
 */
export type ForfeitCause =
  /**
   * FORFEIT_CAUSE_UNSPECIFIED is no forfeit, or a forfeit whose cause was not recorded.
   */
  | 'FORFEIT_CAUSE_UNSPECIFIED'
  | 0
  /**
   * FORFEIT_CAUSE_TIMEOUT is a seat out of time (decision time and bank spent; on_timeout).
   */
  | 'FORFEIT_CAUSE_TIMEOUT'
  | 1
  /**
   * FORFEIT_CAUSE_ILLEGAL is a seat whose illegal answers reached the strike limit (on_illegal).
   */
  | 'FORFEIT_CAUSE_ILLEGAL'
  | 2
  /**
   * FORFEIT_CAUSE_DISCONNECT is a seat away longer than the disconnect grace (on_disconnect).
   */
  | 'FORFEIT_CAUSE_DISCONNECT'
  | 3

/**
 * ForfeitCause is why a seat forfeited: which rule of the table's failure policy applied.
 */
export type ForfeitCause__Output = typeof ForfeitCause[keyof typeof ForfeitCause]
