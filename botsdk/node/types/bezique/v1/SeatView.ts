// Original file: ../../proto/bezique/v1/view.proto

import type { TabledCard as _bezique_v1_TabledCard, TabledCard__Output as _bezique_v1_TabledCard__Output } from '../../bezique/v1/TabledCard';

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
}
