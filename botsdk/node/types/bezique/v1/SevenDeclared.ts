// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * SevenDeclared is a trump seven shown.
 */
export interface SevenDeclared {
  /**
   * seat is the seat that showed it.
   */
  'seat'?: (number);
  /**
   * seven is the trump seven.
   */
  'seven'?: (_bezique_v1_Card | null);
  /**
   * points are the points scored.
   */
  'points'?: (number);
}

/**
 * SevenDeclared is a trump seven shown.
 */
export interface SevenDeclared__Output {
  /**
   * seat is the seat that showed it.
   */
  'seat': (number);
  /**
   * seven is the trump seven.
   */
  'seven': (_bezique_v1_Card__Output | null);
  /**
   * points are the points scored.
   */
  'points': (number);
}
