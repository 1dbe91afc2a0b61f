// Original file: ../../proto/bezique/v1/events.proto

/**
 * LapseCause is why a pending announcement lapsed (RULES.md §8.18).
 */
export const LapseCause = {
  /**
   * LAPSE_CAUSE_UNSPECIFIED is no cause (never sent).
   */
  LAPSE_CAUSE_UNSPECIFIED: 'LAPSE_CAUSE_UNSPECIFIED',
  /**
   * LAPSE_CAUSE_CARD_PLAYED is a card of the announced meld played (AnnouncementLapsed.card) before
   * the seat next won a trick.
   */
  LAPSE_CAUSE_CARD_PLAYED: 'LAPSE_CAUSE_CARD_PLAYED',
  /**
   * LAPSE_CAUSE_PHASE2 is phase 2 beginning before the seat next won a trick.
   */
  LAPSE_CAUSE_PHASE2: 'LAPSE_CAUSE_PHASE2',
} as const;

/**
 * LapseCause is why a pending announcement lapsed (RULES.md §8.18).
 */
export type LapseCause =
  /**
   * LAPSE_CAUSE_UNSPECIFIED is no cause (never sent).
   */
  | 'LAPSE_CAUSE_UNSPECIFIED'
  | 0
  /**
   * LAPSE_CAUSE_CARD_PLAYED is a card of the announced meld played (AnnouncementLapsed.card) before
   * the seat next won a trick.
   */
  | 'LAPSE_CAUSE_CARD_PLAYED'
  | 1
  /**
   * LAPSE_CAUSE_PHASE2 is phase 2 beginning before the seat next won a trick.
   */
  | 'LAPSE_CAUSE_PHASE2'
  | 2

/**
 * LapseCause is why a pending announcement lapsed (RULES.md §8.18).
 */
export type LapseCause__Output = typeof LapseCause[keyof typeof LapseCause]
