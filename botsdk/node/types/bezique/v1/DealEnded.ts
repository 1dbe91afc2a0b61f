// Original file: ../../proto/bezique/v1/events.proto

import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from '../../bezique/v1/SideScore';

/**
 * DealEnded ends a deal.
 */
export interface DealEnded {
  /**
   * deal is the deal number.
   */
  'deal'?: (number);
  /**
   * scores are every side's deal points and game total.
   */
  'scores'?: (_bezique_v1_SideScore)[];
}

/**
 * DealEnded ends a deal.
 */
export interface DealEnded__Output {
  /**
   * deal is the deal number.
   */
  'deal': (number);
  /**
   * scores are every side's deal points and game total.
   */
  'scores': (_bezique_v1_SideScore__Output)[];
}
