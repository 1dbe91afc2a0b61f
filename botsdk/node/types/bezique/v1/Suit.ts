// Original file: ../../proto/bezique/v1/cards.proto

/**
 * Suit is one of the four suits. The engine's suit is the proto value minus one
 * (Spades 0, Hearts 1, Diamonds 2, Clubs 3).
 */
export const Suit = {
  /**
   * SUIT_UNSPECIFIED is no suit.
   */
  SUIT_UNSPECIFIED: 'SUIT_UNSPECIFIED',
  /**
   * SUIT_SPADES is spades (S).
   */
  SUIT_SPADES: 'SUIT_SPADES',
  /**
   * SUIT_HEARTS is hearts (H).
   */
  SUIT_HEARTS: 'SUIT_HEARTS',
  /**
   * SUIT_DIAMONDS is diamonds (D).
   */
  SUIT_DIAMONDS: 'SUIT_DIAMONDS',
  /**
   * SUIT_CLUBS is clubs (C).
   */
  SUIT_CLUBS: 'SUIT_CLUBS',
} as const;

/**
 * Suit is one of the four suits. The engine's suit is the proto value minus one
 * (Spades 0, Hearts 1, Diamonds 2, Clubs 3).
 */
export type Suit =
  /**
   * SUIT_UNSPECIFIED is no suit.
   */
  | 'SUIT_UNSPECIFIED'
  | 0
  /**
   * SUIT_SPADES is spades (S).
   */
  | 'SUIT_SPADES'
  | 1
  /**
   * SUIT_HEARTS is hearts (H).
   */
  | 'SUIT_HEARTS'
  | 2
  /**
   * SUIT_DIAMONDS is diamonds (D).
   */
  | 'SUIT_DIAMONDS'
  | 3
  /**
   * SUIT_CLUBS is clubs (C).
   */
  | 'SUIT_CLUBS'
  | 4

/**
 * Suit is one of the four suits. The engine's suit is the proto value minus one
 * (Spades 0, Hearts 1, Diamonds 2, Clubs 3).
 */
export type Suit__Output = typeof Suit[keyof typeof Suit]
