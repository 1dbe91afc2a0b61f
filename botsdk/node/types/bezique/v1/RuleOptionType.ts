// Original file: ../../proto/bezique/v1/rules.proto

/**
 * RuleOptionType is the kind of value a rule option takes.
 */
export const RuleOptionType = {
  /**
   * RULE_OPTION_TYPE_UNSPECIFIED is no type: an option the referee does not support.
   */
  RULE_OPTION_TYPE_UNSPECIFIED: 'RULE_OPTION_TYPE_UNSPECIFIED',
  /**
   * RULE_OPTION_TYPE_BOOL is "true" or "false".
   */
  RULE_OPTION_TYPE_BOOL: 'RULE_OPTION_TYPE_BOOL',
  /**
   * RULE_OPTION_TYPE_INT is a decimal integer from min to max.
   */
  RULE_OPTION_TYPE_INT: 'RULE_OPTION_TYPE_INT',
  /**
   * RULE_OPTION_TYPE_ENUM is one of values.
   */
  RULE_OPTION_TYPE_ENUM: 'RULE_OPTION_TYPE_ENUM',
  /**
   * RULE_OPTION_TYPE_INT_LIST is decimal integers from min to max joined by '-' ("3-2-3").
   */
  RULE_OPTION_TYPE_INT_LIST: 'RULE_OPTION_TYPE_INT_LIST',
} as const;

/**
 * RuleOptionType is the kind of value a rule option takes.
 */
export type RuleOptionType =
  /**
   * RULE_OPTION_TYPE_UNSPECIFIED is no type: an option the referee does not support.
   */
  | 'RULE_OPTION_TYPE_UNSPECIFIED'
  | 0
  /**
   * RULE_OPTION_TYPE_BOOL is "true" or "false".
   */
  | 'RULE_OPTION_TYPE_BOOL'
  | 1
  /**
   * RULE_OPTION_TYPE_INT is a decimal integer from min to max.
   */
  | 'RULE_OPTION_TYPE_INT'
  | 2
  /**
   * RULE_OPTION_TYPE_ENUM is one of values.
   */
  | 'RULE_OPTION_TYPE_ENUM'
  | 3
  /**
   * RULE_OPTION_TYPE_INT_LIST is decimal integers from min to max joined by '-' ("3-2-3").
   */
  | 'RULE_OPTION_TYPE_INT_LIST'
  | 4

/**
 * RuleOptionType is the kind of value a rule option takes.
 */
export type RuleOptionType__Output = typeof RuleOptionType[keyof typeof RuleOptionType]
