// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * SevenExchanged is a trump seven exchanged for the turn-up.
 */
export interface SevenExchanged {
  /**
   * seat is the seat that exchanged.
   */
  'seat'?: (number);
  /**
   * seven is the trump seven given up.
   */
  'seven'?: (_bezique_v1_Card | null);
  /**
   * taken is the turn-up taken.
   */
  'taken'?: (_bezique_v1_Card | null);
  /**
   * points are the points scored.
   */
  'points'?: (number);
}

/**
 * SevenExchanged is a trump seven exchanged for the turn-up.
 */
export interface SevenExchanged__Output {
  /**
   * seat is the seat that exchanged.
   */
  'seat': (number);
  /**
   * seven is the trump seven given up.
   */
  'seven': (_bezique_v1_Card__Output | null);
  /**
   * taken is the turn-up taken.
   */
  'taken': (_bezique_v1_Card__Output | null);
  /**
   * points are the points scored.
   */
  'points': (number);
}
