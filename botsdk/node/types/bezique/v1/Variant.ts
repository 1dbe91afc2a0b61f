// Original file: ../../proto/bezique/v1/rules.proto

/**
 * Variant is the game played (RULES.md §3).
 */
export const Variant = {
  /**
   * VARIANT_UNSPECIFIED is no variant.
   */
  VARIANT_UNSPECIFIED: 'VARIANT_UNSPECIFIED',
  /**
   * VARIANT_TWO_HANDED is two players, 64 cards, target 1000.
   */
  VARIANT_TWO_HANDED: 'VARIANT_TWO_HANDED',
  /**
   * VARIANT_THREE_HANDED is three players, 96 cards, target 2000.
   */
  VARIANT_THREE_HANDED: 'VARIANT_THREE_HANDED',
  /**
   * VARIANT_FOUR_HANDED is two partnerships (partners opposite), 128 cards, target 2000.
   */
  VARIANT_FOUR_HANDED: 'VARIANT_FOUR_HANDED',
  /**
   * VARIANT_FOUR_HANDED_INDIVIDUAL is four players each for himself, 128 cards.
   */
  VARIANT_FOUR_HANDED_INDIVIDUAL: 'VARIANT_FOUR_HANDED_INDIVIDUAL',
} as const;

/**
 * Variant is the game played (RULES.md §3).
 */
export type Variant =
  /**
   * VARIANT_UNSPECIFIED is no variant.
   */
  | 'VARIANT_UNSPECIFIED'
  | 0
  /**
   * VARIANT_TWO_HANDED is two players, 64 cards, target 1000.
   */
  | 'VARIANT_TWO_HANDED'
  | 1
  /**
   * VARIANT_THREE_HANDED is three players, 96 cards, target 2000.
   */
  | 'VARIANT_THREE_HANDED'
  | 2
  /**
   * VARIANT_FOUR_HANDED is two partnerships (partners opposite), 128 cards, target 2000.
   */
  | 'VARIANT_FOUR_HANDED'
  | 3
  /**
   * VARIANT_FOUR_HANDED_INDIVIDUAL is four players each for himself, 128 cards.
   */
  | 'VARIANT_FOUR_HANDED_INDIVIDUAL'
  | 4

/**
 * Variant is the game played (RULES.md §3).
 */
export type Variant__Output = typeof Variant[keyof typeof Variant]
