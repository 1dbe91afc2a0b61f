// Original file: ../../proto/bezique/v1/actions.proto

import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from '../../bezique/v1/Meld';

/**
 * MeldAction declares a meld (RULES.md §2).
 */
export interface MeldAction {
  /**
   * meld is the declaration; on input its cards are required, kind is checked when set and
   * points are ignored.
   */
  'meld'?: (_bezique_v1_Meld | null);
}

/**
 * MeldAction declares a meld (RULES.md §2).
 */
export interface MeldAction__Output {
  /**
   * meld is the declaration; on input its cards are required, kind is checked when set and
   * points are ignored.
   */
  'meld': (_bezique_v1_Meld__Output | null);
}
