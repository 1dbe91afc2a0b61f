// Original file: ../../proto/bezique/v1/cards.proto

import type { MeldKind as _bezique_v1_MeldKind, MeldKind__Output as _bezique_v1_MeldKind__Output } from '../../bezique/v1/MeldKind';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * Meld is a declaration: its kind, its cards and the points it scores.
 */
export interface Meld {
  /**
   * kind is the meld's kind.
   */
  'kind'?: (_bezique_v1_MeldKind);
  /**
   * cards are the meld's cards (hand and tabled cards together).
   */
  'cards'?: (_bezique_v1_Card)[];
  /**
   * points is what the meld scores; ignored on input (the referee computes it).
   */
  'points'?: (number);
}

/**
 * Meld is a declaration: its kind, its cards and the points it scores.
 */
export interface Meld__Output {
  /**
   * kind is the meld's kind.
   */
  'kind': (_bezique_v1_MeldKind__Output);
  /**
   * cards are the meld's cards (hand and tabled cards together).
   */
  'cards': (_bezique_v1_Card__Output)[];
  /**
   * points is what the meld scores; ignored on input (the referee computes it).
   */
  'points': (number);
}
