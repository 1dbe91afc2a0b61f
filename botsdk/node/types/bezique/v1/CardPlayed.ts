// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * CardPlayed is a card played to a trick.
 */
export interface CardPlayed {
  /**
   * seat is the seat that played.
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
 * CardPlayed is a card played to a trick.
 */
export interface CardPlayed__Output {
  /**
   * seat is the seat that played.
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
