// Original file: ../../proto/bezique/v1/table.proto

import type { StackedHand as _bezique_v1_StackedHand, StackedHand__Output as _bezique_v1_StackedHand__Output } from '../../bezique/v1/StackedHand';

/**
 * StackedDeal fixes the first deal instead of shuffling (tests, puzzles). Every card is written
 * in text form, with its copy ("QSb", copies a b c d) or as a bare face ("QS"): a bare face is the
 * lowest copy of its face not written elsewhere in the deal nor taken by an earlier bare face
 * (hands by seat, then turn_up, then stock), so a deal of bare faces numbers copies in order of
 * appearance.
 */
export interface StackedDeal {
  /**
   * dealer is the dealer's seat.
   */
  'dealer'?: (number);
  /**
   * hands are the hands in seat order.
   */
  'hands'?: (_bezique_v1_StackedHand)[];
  /**
   * turn_up is the turn-up card in text form.
   */
  'turn_up'?: (string);
  /**
   * stock is the rest of the stock in text form, in drawing order (first drawn first).
   */
  'stock'?: (string)[];
}

/**
 * StackedDeal fixes the first deal instead of shuffling (tests, puzzles). Every card is written
 * in text form, with its copy ("QSb", copies a b c d) or as a bare face ("QS"): a bare face is the
 * lowest copy of its face not written elsewhere in the deal nor taken by an earlier bare face
 * (hands by seat, then turn_up, then stock), so a deal of bare faces numbers copies in order of
 * appearance.
 */
export interface StackedDeal__Output {
  /**
   * dealer is the dealer's seat.
   */
  'dealer': (number);
  /**
   * hands are the hands in seat order.
   */
  'hands': (_bezique_v1_StackedHand__Output)[];
  /**
   * turn_up is the turn-up card in text form.
   */
  'turn_up': (string);
  /**
   * stock is the rest of the stock in text form, in drawing order (first drawn first).
   */
  'stock': (string)[];
}
