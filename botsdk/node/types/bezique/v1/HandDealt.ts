// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * HandDealt gives a seat its dealt cards.
 */
export interface HandDealt {
  /**
   * seat is the seat dealt to.
   */
  'seat'?: (number);
  /**
   * cards are the cards dealt; empty for a reader other than the seat.
   */
  'cards'?: (_bezique_v1_Card)[];
  /**
   * count is the number of cards dealt.
   */
  'count'?: (number);
}

/**
 * HandDealt gives a seat its dealt cards.
 */
export interface HandDealt__Output {
  /**
   * seat is the seat dealt to.
   */
  'seat': (number);
  /**
   * cards are the cards dealt; empty for a reader other than the seat.
   */
  'cards': (_bezique_v1_Card__Output)[];
  /**
   * count is the number of cards dealt.
   */
  'count': (number);
}
