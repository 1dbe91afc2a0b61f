// Original file: ../../proto/bezique/v1/view.proto

import type { MeldKind as _bezique_v1_MeldKind, MeldKind__Output as _bezique_v1_MeldKind__Output } from '../../bezique/v1/MeldKind';

/**
 * MeldValue is what one meld kind scores at a table.
 */
export interface MeldValue {
  /**
   * kind is the meld kind.
   */
  'kind'?: (_bezique_v1_MeldKind);
  /**
   * points is what a meld of that kind scores (RULES.md §4).
   */
  'points'?: (number);
}

/**
 * MeldValue is what one meld kind scores at a table.
 */
export interface MeldValue__Output {
  /**
   * kind is the meld kind.
   */
  'kind': (_bezique_v1_MeldKind__Output);
  /**
   * points is what a meld of that kind scores (RULES.md §4).
   */
  'points': (number);
}
