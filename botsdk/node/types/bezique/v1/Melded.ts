// Original file: ../../proto/bezique/v1/events.proto

import type { Meld as _bezique_v1_Meld, Meld__Output as _bezique_v1_Meld__Output } from '../../bezique/v1/Meld';

/**
 * Melded is a meld declared.
 */
export interface Melded {
  /**
   * seat is the seat that melded.
   */
  'seat'?: (number);
  /**
   * meld is the meld with its points.
   */
  'meld'?: (_bezique_v1_Meld | null);
  /**
   * pending marks a meld announced under the option allow_pending_declarations: tabled now, points
   * 0, and pending (SeatView.pending) until a later Melded of the same cards with announced scores
   * it when the seat next wins a trick, or an AnnouncementLapsed ends it (RULES.md §8.18).
   */
  'pending'?: (boolean);
  /**
   * announced marks the scoring of the seat's pending announcement, right after the trick win
   * that opened this window and before any action (RULES.md §8.18); it is no longer pending.
   */
  'announced'?: (boolean);
}

/**
 * Melded is a meld declared.
 */
export interface Melded__Output {
  /**
   * seat is the seat that melded.
   */
  'seat': (number);
  /**
   * meld is the meld with its points.
   */
  'meld': (_bezique_v1_Meld__Output | null);
  /**
   * pending marks a meld announced under the option allow_pending_declarations: tabled now, points
   * 0, and pending (SeatView.pending) until a later Melded of the same cards with announced scores
   * it when the seat next wins a trick, or an AnnouncementLapsed ends it (RULES.md §8.18).
   */
  'pending': (boolean);
  /**
   * announced marks the scoring of the seat's pending announcement, right after the trick win
   * that opened this window and before any action (RULES.md §8.18); it is no longer pending.
   */
  'announced': (boolean);
}
