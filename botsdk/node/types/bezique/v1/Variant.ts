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
  /**
   * VARIANT_RUBICON is Rubicon Bézique (RULES.md §3.6): two players, 128 cards, 9 each, no
   * turn-up, one deal settled in game points with the rubicon.
   */
  VARIANT_RUBICON: 'VARIANT_RUBICON',
  /**
   * VARIANT_SIX_PACK is six-pack (Chinese) Bézique (RULES.md §3.7): two players, 192 cards, 12
   * each, no turn-up, trump quartets, one deal.
   */
  VARIANT_SIX_PACK: 'VARIANT_SIX_PACK',
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
   * VARIANT_RUBICON is Rubicon Bézique (RULES.md §3.6): two players, 128 cards, 9 each, no
   * turn-up, one deal settled in game points with the rubicon.
   */
  | 'VARIANT_RUBICON'
  | 5
  /**
   * VARIANT_SIX_PACK is six-pack (Chinese) Bézique (RULES.md §3.7): two players, 192 cards, 12
   * each, no turn-up, trump quartets, one deal.
   */
  | 'VARIANT_SIX_PACK'
  | 6

/**
 * Variant is the game played (RULES.md §3).
 */
export type Variant__Output = typeof Variant[keyof typeof Variant]
