// Original file: ../../proto/bezique/v1/events.proto

import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from '../../bezique/v1/Meld';
import type { LapseCause as _bezique_v1_LapseCause, LapseCause__Output as _bezique_v1_LapseCause__Output } from '../../bezique/v1/LapseCause';
import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * AnnouncementLapsed is a pending announcement (allow_pending_declarations) ending unscored: it
 * follows the CardPlayed of one of its cards, or comes right before Phase2Started (RULES.md §8.18).
 * The seat has no announcement pending afterwards; its cards stay where they are.
 */
export interface AnnouncementLapsed {
  /**
   * seat is the seat whose announcement lapsed.
   */
  'seat'?: (number);
  /**
   * meld is the announced meld, with the points it would have scored.
   */
  'meld'?: (_bezique_v1_Meld | null);
  /**
   * cause is why it lapsed.
   */
  'cause'?: (_bezique_v1_LapseCause);
  /**
   * card is the card of the meld just played (LAPSE_CAUSE_CARD_PLAYED); unset otherwise.
   */
  'card'?: (_bezique_v1_Card | null);
}

/**
 * AnnouncementLapsed is a pending announcement (allow_pending_declarations) ending unscored: it
 * follows the CardPlayed of one of its cards, or comes right before Phase2Started (RULES.md §8.18).
 * The seat has no announcement pending afterwards; its cards stay where they are.
 */
export interface AnnouncementLapsed__Output {
  /**
   * seat is the seat whose announcement lapsed.
   */
  'seat': (number);
  /**
   * meld is the announced meld, with the points it would have scored.
   */
  'meld': (_bezique_v1_Meld__Output | null);
  /**
   * cause is why it lapsed.
   */
  'cause': (_bezique_v1_LapseCause__Output);
  /**
   * card is the card of the meld just played (LAPSE_CAUSE_CARD_PLAYED); unset otherwise.
   */
  'card': (_bezique_v1_Card__Output | null);
}
