// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * CardDrawn is a card drawn from the stock.
 */
export interface CardDrawn {
  /**
   * seat is the seat that drew.
   */
  'seat'?: (number);
  /**
   * card is the card drawn; unset for another reader unless it is the turn-up or revealed.
   */
  'card'?: (_bezique_v1_Card | null);
  /**
   * revealed tells whether the card is shown to all (the two-handed last stock card).
   */
  'revealed'?: (boolean);
  /**
   * stock_size is the number of cards left to draw after this draw, the turn-up included
   * (View.stock_size).
   */
  'stock_size'?: (number);
}

/**
 * CardDrawn is a card drawn from the stock.
 */
export interface CardDrawn__Output {
  /**
   * seat is the seat that drew.
   */
  'seat': (number);
  /**
   * card is the card drawn; unset for another reader unless it is the turn-up or revealed.
   */
  'card': (_bezique_v1_Card__Output | null);
  /**
   * revealed tells whether the card is shown to all (the two-handed last stock card).
   */
  'revealed': (boolean);
  /**
   * stock_size is the number of cards left to draw after this draw, the turn-up included
   * (View.stock_size).
   */
  'stock_size': (number);
}
