// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * CarteBlancheShown is a carte blanche shown and scored (RULES.md §3.6.4).
 */
export interface CarteBlancheShown {
  /**
   * seat is the seat that showed it.
   */
  'seat'?: (number);
  /**
   * side is the side scored.
   */
  'side'?: (number);
  /**
   * cards are the cards shown: the whole hand the first time, the card just drawn at a repeat.
   */
  'cards'?: (_bezique_v1_Card)[];
  /**
   * points are what it scored: 50 in Rubicon, 250 in six-pack.
   */
  'points'?: (number);
}

/**
 * CarteBlancheShown is a carte blanche shown and scored (RULES.md §3.6.4).
 */
export interface CarteBlancheShown__Output {
  /**
   * seat is the seat that showed it.
   */
  'seat': (number);
  /**
   * side is the side scored.
   */
  'side': (number);
  /**
   * cards are the cards shown: the whole hand the first time, the card just drawn at a repeat.
   */
  'cards': (_bezique_v1_Card__Output)[];
  /**
   * points are what it scored: 50 in Rubicon, 250 in six-pack.
   */
  'points': (number);
}
