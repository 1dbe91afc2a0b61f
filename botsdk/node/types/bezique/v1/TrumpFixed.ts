// Original file: ../../proto/bezique/v1/events.proto

import type { Suit as _bezique_v1_Suit, Suit__Output as _bezique_v1_Suit__Output } from '../../bezique/v1/Suit';

/**
 * TrumpFixed is the meld just declared fixing trump: the first marriage or sequence of a deal
 * without a turn-up (RULES.md §3.6.3).
 */
export interface TrumpFixed {
  /**
   * seat is the seat that declared the meld.
   */
  'seat'?: (number);
  /**
   * trump is the trump suit from now on.
   */
  'trump'?: (_bezique_v1_Suit);
}

/**
 * TrumpFixed is the meld just declared fixing trump: the first marriage or sequence of a deal
 * without a turn-up (RULES.md §3.6.3).
 */
export interface TrumpFixed__Output {
  /**
   * seat is the seat that declared the meld.
   */
  'seat': (number);
  /**
   * trump is the trump suit from now on.
   */
  'trump': (_bezique_v1_Suit__Output);
}
