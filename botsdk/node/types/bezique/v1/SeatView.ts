// Original file: ../../proto/bezique/v1/view.proto

import type { TabledCard as _bezique_v1_TabledCard, TabledCard__Output as _bezique_v1_TabledCard__Output } from '../../bezique/v1/TabledCard';
import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from '../../bezique/v1/Meld';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

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
  /**
   * shown_in_hand are the cards in the seat's hand that every seat has seen, by card id: the hand
   * of a carte blanche and the card each repeat shows (RULES.md §3.6.4), a trump seven declared
   * (§1.9.2), the turn-up taken by a seven exchange (§1.9.2) or by the last drawer (§3.1.8), the
   * two-handed last stock card drawn face up (§3.1.8, reveal_last_stock_card), and the tabled
   * cards taken back into the hand when the stock is spent (§1.7). A card leaves the list when it
   * leaves the hand (played, or tabled by a meld). Public: in every seat's view and the
   * spectators'.
   */
  'shown_in_hand'?: (_bezique_v1_Card)[];
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
  /**
   * shown_in_hand are the cards in the seat's hand that every seat has seen, by card id: the hand
   * of a carte blanche and the card each repeat shows (RULES.md §3.6.4), a trump seven declared
   * (§1.9.2), the turn-up taken by a seven exchange (§1.9.2) or by the last drawer (§3.1.8), the
   * two-handed last stock card drawn face up (§3.1.8, reveal_last_stock_card), and the tabled
   * cards taken back into the hand when the stock is spent (§1.7). A card leaves the list when it
   * leaves the hand (played, or tabled by a meld). Public: in every seat's view and the
   * spectators'.
   */
  'shown_in_hand': (_bezique_v1_Card__Output)[];
}
