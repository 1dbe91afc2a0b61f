// Original file: ../../proto/bezique/v1/rules.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';

/**
 * RuleOptionDefault is a rule option's default in one variant.
 */
export interface RuleOptionDefault {
  /**
   * variant is the variant.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * value is the default, in the text form options accept.
   */
  'value'?: (string);
}

/**
 * RuleOptionDefault is a rule option's default in one variant.
 */
export interface RuleOptionDefault__Output {
  /**
   * variant is the variant.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * value is the default, in the text form options accept.
   */
  'value': (string);
}
