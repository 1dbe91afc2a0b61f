// Original file: ../../proto/bezique/v1/record.proto

import type { Suit as _bezique_v1_Suit, Suit__Output as _bezique_v1_Suit__Output } from '../../bezique/v1/Suit';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';
import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from '../../bezique/v1/SideScore';

/**
 * DealSummary is one deal in brief.
 */
export interface DealSummary {
  /**
   * deal is the deal number, 1-based.
   */
  'deal'?: (number);
  /**
   * dealer is the dealer's seat.
   */
  'dealer'?: (number);
  /**
   * trump is the trump suit.
   */
  'trump'?: (_bezique_v1_Suit);
  /**
   * turn_up is the turn-up card.
   */
  'turn_up'?: (_bezique_v1_Card | null);
  /**
   * scores are every side's deal points and game total after the deal.
   */
  'scores'?: (_bezique_v1_SideScore)[];
}

/**
 * DealSummary is one deal in brief.
 */
export interface DealSummary__Output {
  /**
   * deal is the deal number, 1-based.
   */
  'deal': (number);
  /**
   * dealer is the dealer's seat.
   */
  'dealer': (number);
  /**
   * trump is the trump suit.
   */
  'trump': (_bezique_v1_Suit__Output);
  /**
   * turn_up is the turn-up card.
   */
  'turn_up': (_bezique_v1_Card__Output | null);
  /**
   * scores are every side's deal points and game total after the deal.
   */
  'scores': (_bezique_v1_SideScore__Output)[];
}
