// Original file: ../../proto/bezique/v1/actions.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * SevenDeclareAction shows the trump seven, scoring 10 (RULES.md §1.9.2).
 */
export interface SevenDeclareAction {
  /**
   * seven is the trump seven shown.
   */
  'seven'?: (_bezique_v1_Card | null);
}

/**
 * SevenDeclareAction shows the trump seven, scoring 10 (RULES.md §1.9.2).
 */
export interface SevenDeclareAction__Output {
  /**
   * seven is the trump seven shown.
   */
  'seven': (_bezique_v1_Card__Output | null);
}
