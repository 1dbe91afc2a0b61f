// Original file: ../../proto/bezique/v1/table_service.proto

import type { RuleOption as _bezique_v1_RuleOption, RuleOption__Output as _bezique_v1_RuleOption__Output } from '../../bezique/v1/RuleOption';

/**
 * GetRuleCatalogResponse is the rule catalog.
 */
export interface GetRuleCatalogResponse {
  /**
   * options are every rule option of RULES.md §5 the referee knows, supported or not, in the
   * engine's table order.
   */
  'options'?: (_bezique_v1_RuleOption)[];
}

/**
 * GetRuleCatalogResponse is the rule catalog.
 */
export interface GetRuleCatalogResponse__Output {
  /**
   * options are every rule option of RULES.md §5 the referee knows, supported or not, in the
   * engine's table order.
   */
  'options': (_bezique_v1_RuleOption__Output)[];
}
