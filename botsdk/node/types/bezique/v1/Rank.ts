// Original file: ../../proto/bezique/v1/cards.proto

/**
 * Rank is a card rank, lowest to highest: 7 8 9 J Q K 10 A. The engine's rank is the
 * proto value minus one (Seven 0 ... Ace 7).
 */
export const Rank = {
  /**
   * RANK_UNSPECIFIED is no rank.
   */
  RANK_UNSPECIFIED: 'RANK_UNSPECIFIED',
  /**
   * RANK_SEVEN is the seven (7).
   */
  RANK_SEVEN: 'RANK_SEVEN',
  /**
   * RANK_EIGHT is the eight (8).
   */
  RANK_EIGHT: 'RANK_EIGHT',
  /**
   * RANK_NINE is the nine (9).
   */
  RANK_NINE: 'RANK_NINE',
  /**
   * RANK_JACK is the jack (J).
   */
  RANK_JACK: 'RANK_JACK',
  /**
   * RANK_QUEEN is the queen (Q).
   */
  RANK_QUEEN: 'RANK_QUEEN',
  /**
   * RANK_KING is the king (K).
   */
  RANK_KING: 'RANK_KING',
  /**
   * RANK_TEN is the ten (T), second highest.
   */
  RANK_TEN: 'RANK_TEN',
  /**
   * RANK_ACE is the ace (A), highest.
   */
  RANK_ACE: 'RANK_ACE',
} as const;

/**
 * Rank is a card rank, lowest to highest: 7 8 9 J Q K 10 A. The engine's rank is the
 * proto value minus one (Seven 0 ... Ace 7).
 */
export type Rank =
  /**
   * RANK_UNSPECIFIED is no rank.
   */
  | 'RANK_UNSPECIFIED'
  | 0
  /**
   * RANK_SEVEN is the seven (7).
   */
  | 'RANK_SEVEN'
  | 1
  /**
   * RANK_EIGHT is the eight (8).
   */
  | 'RANK_EIGHT'
  | 2
  /**
   * RANK_NINE is the nine (9).
   */
  | 'RANK_NINE'
  | 3
  /**
   * RANK_JACK is the jack (J).
   */
  | 'RANK_JACK'
  | 4
  /**
   * RANK_QUEEN is the queen (Q).
   */
  | 'RANK_QUEEN'
  | 5
  /**
   * RANK_KING is the king (K).
   */
  | 'RANK_KING'
  | 6
  /**
   * RANK_TEN is the ten (T), second highest.
   */
  | 'RANK_TEN'
  | 7
  /**
   * RANK_ACE is the ace (A), highest.
   */
  | 'RANK_ACE'
  | 8

/**
 * Rank is a card rank, lowest to highest: 7 8 9 J Q K 10 A. The engine's rank is the
 * proto value minus one (Seven 0 ... Ace 7).
 */
export type Rank__Output = typeof Rank[keyof typeof Rank]
