// Original file: ../../proto/bezique/v1/rules.proto

import type { RuleOptionType as _bezique_v1_RuleOptionType, RuleOptionType__Output as _bezique_v1_RuleOptionType__Output } from '../../bezique/v1/RuleOptionType';
import type { RuleOptionDefault as _bezique_v1_RuleOptionDefault, RuleOptionDefault__Output as _bezique_v1_RuleOptionDefault__Output } from '../../bezique/v1/RuleOptionDefault';
import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';

/**
 * RuleOption describes one rule option of RULES.md §5: what a table-creation form needs to offer
 * it and what CreateTableRequest.options accepts.
 */
export interface RuleOption {
  /**
   * name is the option's key in CreateTableRequest.options ("deal_packets", "target", ...).
   */
  'name'?: (string);
  /**
   * type is the kind of value; unspecified for an unsupported option.
   */
  'type'?: (_bezique_v1_RuleOptionType);
  /**
   * values are the allowed values of an enum, or "false" and "true" for a bool.
   */
  'values'?: (string)[];
  /**
   * min is the least int, or the least integer of an int list.
   */
  'min'?: (number);
  /**
   * max is the greatest int, or the greatest integer of an int list.
   */
  'max'?: (number);
  /**
   * examples are typical values of an int or int list, for a form's suggestions.
   */
  'examples'?: (string)[];
  /**
   * defaults are the option's default in each variant, in the text form options accept.
   */
  'defaults'?: (_bezique_v1_RuleOptionDefault)[];
  /**
   * variants are the variants in which the option may take another value than its default.
   */
  'variants'?: (_bezique_v1_Variant)[];
  /**
   * doc is a one-line description.
   */
  'doc'?: (string);
  /**
   * section is the section of RULES.md that states the rule ("§1.9.3", "§2 R3", "§5 #2").
   */
  'section'?: (string);
  /**
   * supported is whether the referee plays the option; CreateTable refuses an unsupported one.
   */
  'supported'?: (boolean);
  /**
   * unsupported_reason is why the referee does not play the option; empty when supported.
   */
  'unsupported_reason'?: (string);
}

/**
 * RuleOption describes one rule option of RULES.md §5: what a table-creation form needs to offer
 * it and what CreateTableRequest.options accepts.
 */
export interface RuleOption__Output {
  /**
   * name is the option's key in CreateTableRequest.options ("deal_packets", "target", ...).
   */
  'name': (string);
  /**
   * type is the kind of value; unspecified for an unsupported option.
   */
  'type': (_bezique_v1_RuleOptionType__Output);
  /**
   * values are the allowed values of an enum, or "false" and "true" for a bool.
   */
  'values': (string)[];
  /**
   * min is the least int, or the least integer of an int list.
   */
  'min': (number);
  /**
   * max is the greatest int, or the greatest integer of an int list.
   */
  'max': (number);
  /**
   * examples are typical values of an int or int list, for a form's suggestions.
   */
  'examples': (string)[];
  /**
   * defaults are the option's default in each variant, in the text form options accept.
   */
  'defaults': (_bezique_v1_RuleOptionDefault__Output)[];
  /**
   * variants are the variants in which the option may take another value than its default.
   */
  'variants': (_bezique_v1_Variant__Output)[];
  /**
   * doc is a one-line description.
   */
  'doc': (string);
  /**
   * section is the section of RULES.md that states the rule ("§1.9.3", "§2 R3", "§5 #2").
   */
  'section': (string);
  /**
   * supported is whether the referee plays the option; CreateTable refuses an unsupported one.
   */
  'supported': (boolean);
  /**
   * unsupported_reason is why the referee does not play the option; empty when supported.
   */
  'unsupported_reason': (string);
}
