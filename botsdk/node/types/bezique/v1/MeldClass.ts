// Original file: ../../proto/bezique/v1/cards.proto

/**
 * MeldClass is a class of melds for the re-use rule (RULES.md §2 R3, §8.5): a card may score in
 * one meld of each class. Values are the engine's class bits' positions plus one.
 */
export const MeldClass = {
  /**
   * MELD_CLASS_UNSPECIFIED is no class.
   */
  MELD_CLASS_UNSPECIFIED: 'MELD_CLASS_UNSPECIFIED',
  /**
   * MELD_CLASS_MARRIAGE is the royal and common marriages.
   */
  MELD_CLASS_MARRIAGE: 'MELD_CLASS_MARRIAGE',
  /**
   * MELD_CLASS_SEQUENCE is the sequence.
   */
  MELD_CLASS_SEQUENCE: 'MELD_CLASS_SEQUENCE',
  /**
   * MELD_CLASS_BEZIQUE is the single, double, triple and quadruple beziques.
   */
  MELD_CLASS_BEZIQUE: 'MELD_CLASS_BEZIQUE',
  /**
   * MELD_CLASS_QUARTET is the four aces, kings, queens and jacks.
   */
  MELD_CLASS_QUARTET: 'MELD_CLASS_QUARTET',
  /**
   * MELD_CLASS_TRUMP_QUARTET is six-pack's four of one trump face (RULES.md §8.14).
   */
  MELD_CLASS_TRUMP_QUARTET: 'MELD_CLASS_TRUMP_QUARTET',
} as const;

/**
 * MeldClass is a class of melds for the re-use rule (RULES.md §2 R3, §8.5): a card may score in
 * one meld of each class. Values are the engine's class bits' positions plus one.
 */
export type MeldClass =
  /**
   * MELD_CLASS_UNSPECIFIED is no class.
   */
  | 'MELD_CLASS_UNSPECIFIED'
  | 0
  /**
   * MELD_CLASS_MARRIAGE is the royal and common marriages.
   */
  | 'MELD_CLASS_MARRIAGE'
  | 1
  /**
   * MELD_CLASS_SEQUENCE is the sequence.
   */
  | 'MELD_CLASS_SEQUENCE'
  | 2
  /**
   * MELD_CLASS_BEZIQUE is the single, double, triple and quadruple beziques.
   */
  | 'MELD_CLASS_BEZIQUE'
  | 3
  /**
   * MELD_CLASS_QUARTET is the four aces, kings, queens and jacks.
   */
  | 'MELD_CLASS_QUARTET'
  | 4
  /**
   * MELD_CLASS_TRUMP_QUARTET is six-pack's four of one trump face (RULES.md §8.14).
   */
  | 'MELD_CLASS_TRUMP_QUARTET'
  | 5

/**
 * MeldClass is a class of melds for the re-use rule (RULES.md §2 R3, §8.5): a card may score in
 * one meld of each class. Values are the engine's class bits' positions plus one.
 */
export type MeldClass__Output = typeof MeldClass[keyof typeof MeldClass]
