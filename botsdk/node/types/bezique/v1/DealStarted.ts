// Original file: ../../proto/bezique/v1/events.proto

import type { Suit as _bezique_v1_Suit, Suit__Output as _bezique_v1_Suit__Output } from '../../bezique/v1/Suit';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * DealStarted starts a deal.
 */
export interface DealStarted {
  /**
   * deal is the deal number, 1-based.
   */
  'deal'?: (number);
  /**
   * dealer is the dealer's seat.
   */
  'dealer'?: (number);
  /**
   * trump is the trump suit; SUIT_UNSPECIFIED when the deal has no turn-up and the first
   * marriage or sequence will fix it (TrumpFixed, RULES.md §3.6.3).
   */
  'trump'?: (_bezique_v1_Suit);
  /**
   * turn_up is the turned-up card; unset when the deal has none (Rubicon, six-pack,
   * turn_up_trump=false).
   */
  'turn_up'?: (_bezique_v1_Card | null);
  /**
   * stock_size is the number of cards left to draw once the hands are dealt, the turn-up
   * included (View.stock_size).
   */
  'stock_size'?: (number);
}

/**
 * DealStarted starts a deal.
 */
export interface DealStarted__Output {
  /**
   * deal is the deal number, 1-based.
   */
  'deal': (number);
  /**
   * dealer is the dealer's seat.
   */
  'dealer': (number);
  /**
   * trump is the trump suit; SUIT_UNSPECIFIED when the deal has no turn-up and the first
   * marriage or sequence will fix it (TrumpFixed, RULES.md §3.6.3).
   */
  'trump': (_bezique_v1_Suit__Output);
  /**
   * turn_up is the turned-up card; unset when the deal has none (Rubicon, six-pack,
   * turn_up_trump=false).
   */
  'turn_up': (_bezique_v1_Card__Output | null);
  /**
   * stock_size is the number of cards left to draw once the hands are dealt, the turn-up
   * included (View.stock_size).
   */
  'stock_size': (number);
}
