// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * TrickWon ends a trick.
 */
export interface TrickWon {
  /**
   * winner is the seat that won the trick.
   */
  'winner'?: (number);
  /**
   * trick is the trick's number in the deal, 1..32.
   */
  'trick'?: (number);
  /**
   * cards are the trick's cards in the order played.
   */
  'cards'?: (_bezique_v1_Card)[];
  /**
   * points are the trick points scored at once (count_brisques_immediately), else 0.
   */
  'points'?: (number);
}

/**
 * TrickWon ends a trick.
 */
export interface TrickWon__Output {
  /**
   * winner is the seat that won the trick.
   */
  'winner': (number);
  /**
   * trick is the trick's number in the deal, 1..32.
   */
  'trick': (number);
  /**
   * cards are the trick's cards in the order played.
   */
  'cards': (_bezique_v1_Card__Output)[];
  /**
   * points are the trick points scored at once (count_brisques_immediately), else 0.
   */
  'points': (number);
}
