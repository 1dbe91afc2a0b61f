// Original file: ../../proto/bezique/v1/view.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * Play is one card played to a trick.
 */
export interface Play {
  /**
   * seat is the seat that played, 0-based.
   */
  'seat'?: (number);
  /**
   * card is the card played.
   */
  'card'?: (_bezique_v1_Card | null);
  /**
   * from_table tells whether the card came from the seat's tabled cards.
   */
  'from_table'?: (boolean);
}

/**
 * Play is one card played to a trick.
 */
export interface Play__Output {
  /**
   * seat is the seat that played, 0-based.
   */
  'seat': (number);
  /**
   * card is the card played.
   */
  'card': (_bezique_v1_Card__Output | null);
  /**
   * from_table tells whether the card came from the seat's tabled cards.
   */
  'from_table': (boolean);
}
