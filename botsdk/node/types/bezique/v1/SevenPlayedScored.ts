// Original file: ../../proto/bezique/v1/events.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * SevenPlayedScored is a trump seven scoring as it is played (seven_scores_on_play).
 */
export interface SevenPlayedScored {
  /**
   * seat is the seat that played it.
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
 * SevenPlayedScored is a trump seven scoring as it is played (seven_scores_on_play).
 */
export interface SevenPlayedScored__Output {
  /**
   * seat is the seat that played it.
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
