// Original file: ../../proto/bezique/v1/view.proto

import type { TabledCard as _bezique_v1_TabledCard, TabledCard__Output as _bezique_v1_TabledCard__Output } from '../../bezique/v1/TabledCard';
import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from '../../bezique/v1/Meld';

/**
 * SeatView is what everyone may know about one seat.
 */
export interface SeatView {
  /**
   * seat is the seat, 0-based.
   */
  'seat'?: (number);
  /**
   * hand_size is the number of cards in the seat's hand (tabled cards excluded).
   */
  'hand_size'?: (number);
  /**
   * tabled are the seat's tabled (melded) cards.
   */
  'tabled'?: (_bezique_v1_TabledCard)[];
  /**
   * pending is the seat's pending announcement (allow_pending_declarations, RULES.md §8.18): a
   * meld tabled unscored (its cards are also in tabled), with the points it scores when the seat
   * next wins a phase-1 trick; unset when the seat has none.
   */
  'pending'?: (_bezique_v1_Meld | null);
}

/**
 * SeatView is what everyone may know about one seat.
 */
export interface SeatView__Output {
  /**
   * seat is the seat, 0-based.
   */
  'seat': (number);
  /**
   * hand_size is the number of cards in the seat's hand (tabled cards excluded).
   */
  'hand_size': (number);
  /**
   * tabled are the seat's tabled (melded) cards.
   */
  'tabled': (_bezique_v1_TabledCard__Output)[];
  /**
   * pending is the seat's pending announcement (allow_pending_declarations, RULES.md §8.18): a
   * meld tabled unscored (its cards are also in tabled), with the points it scores when the seat
   * next wins a phase-1 trick; unset when the seat has none.
   */
  'pending': (_bezique_v1_Meld__Output | null);
}
