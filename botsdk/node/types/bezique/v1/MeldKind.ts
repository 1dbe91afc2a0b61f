// Original file: ../../proto/bezique/v1/cards.proto

/**
 * MeldKind is a kind of declaration (RULES.md §2, values §4). Values equal the engine's.
 */
export const MeldKind = {
  /**
   * MELD_KIND_UNSPECIFIED is no meld (on input: let the referee work out the kind).
   */
  MELD_KIND_UNSPECIFIED: 'MELD_KIND_UNSPECIFIED',
  /**
   * MELD_KIND_COMMON_MARRIAGE is K+Q of a plain suit: 20.
   */
  MELD_KIND_COMMON_MARRIAGE: 'MELD_KIND_COMMON_MARRIAGE',
  /**
   * MELD_KIND_ROYAL_MARRIAGE is K+Q of trumps: 40.
   */
  MELD_KIND_ROYAL_MARRIAGE: 'MELD_KIND_ROYAL_MARRIAGE',
  /**
   * MELD_KIND_SEQUENCE is A 10 K Q J of trumps: 250.
   */
  MELD_KIND_SEQUENCE: 'MELD_KIND_SEQUENCE',
  /**
   * MELD_KIND_BEZIQUE is Q of spades and J of diamonds: 40.
   */
  MELD_KIND_BEZIQUE: 'MELD_KIND_BEZIQUE',
  /**
   * MELD_KIND_DOUBLE_BEZIQUE is two of each bezique card: 500.
   */
  MELD_KIND_DOUBLE_BEZIQUE: 'MELD_KIND_DOUBLE_BEZIQUE',
  /**
   * MELD_KIND_TRIPLE_BEZIQUE is three of each bezique card: 1500.
   */
  MELD_KIND_TRIPLE_BEZIQUE: 'MELD_KIND_TRIPLE_BEZIQUE',
  /**
   * MELD_KIND_QUADRUPLE_BEZIQUE is four of each bezique card: quadruple_value (4500).
   */
  MELD_KIND_QUADRUPLE_BEZIQUE: 'MELD_KIND_QUADRUPLE_BEZIQUE',
  /**
   * MELD_KIND_FOUR_ACES is any four aces: 100.
   */
  MELD_KIND_FOUR_ACES: 'MELD_KIND_FOUR_ACES',
  /**
   * MELD_KIND_FOUR_KINGS is any four kings: 80.
   */
  MELD_KIND_FOUR_KINGS: 'MELD_KIND_FOUR_KINGS',
  /**
   * MELD_KIND_FOUR_QUEENS is any four queens: 60.
   */
  MELD_KIND_FOUR_QUEENS: 'MELD_KIND_FOUR_QUEENS',
  /**
   * MELD_KIND_FOUR_JACKS is any four jacks: 40.
   */
  MELD_KIND_FOUR_JACKS: 'MELD_KIND_FOUR_JACKS',
  /**
   * MELD_KIND_BACK_DOOR is A 10 K Q J of a plain suit, Rubicon and six-pack: 150.
   */
  MELD_KIND_BACK_DOOR: 'MELD_KIND_BACK_DOOR',
  /**
   * MELD_KIND_FOUR_TRUMP_ACES is four aces of trumps, six-pack: 1000.
   */
  MELD_KIND_FOUR_TRUMP_ACES: 'MELD_KIND_FOUR_TRUMP_ACES',
  /**
   * MELD_KIND_FOUR_TRUMP_TENS is four tens of trumps, six-pack: 900.
   */
  MELD_KIND_FOUR_TRUMP_TENS: 'MELD_KIND_FOUR_TRUMP_TENS',
  /**
   * MELD_KIND_FOUR_TRUMP_KINGS is four kings of trumps, six-pack: 800.
   */
  MELD_KIND_FOUR_TRUMP_KINGS: 'MELD_KIND_FOUR_TRUMP_KINGS',
  /**
   * MELD_KIND_FOUR_TRUMP_QUEENS is four queens of trumps, six-pack: 600.
   */
  MELD_KIND_FOUR_TRUMP_QUEENS: 'MELD_KIND_FOUR_TRUMP_QUEENS',
  /**
   * MELD_KIND_FOUR_TRUMP_JACKS is four jacks of trumps, six-pack: 400.
   */
  MELD_KIND_FOUR_TRUMP_JACKS: 'MELD_KIND_FOUR_TRUMP_JACKS',
  /**
   * MELD_KIND_CARTE_BLANCHE is a hand without a king, queen or jack (Rubicon 50, six-pack 250);
   * it is shown with CarteBlancheAction, never declared as a meld, and listed in meld values.
   */
  MELD_KIND_CARTE_BLANCHE: 'MELD_KIND_CARTE_BLANCHE',
} as const;

/**
 * MeldKind is a kind of declaration (RULES.md §2, values §4). Values equal the engine's.
 */
export type MeldKind =
  /**
   * MELD_KIND_UNSPECIFIED is no meld (on input: let the referee work out the kind).
   */
  | 'MELD_KIND_UNSPECIFIED'
  | 0
  /**
   * MELD_KIND_COMMON_MARRIAGE is K+Q of a plain suit: 20.
   */
  | 'MELD_KIND_COMMON_MARRIAGE'
  | 1
  /**
   * MELD_KIND_ROYAL_MARRIAGE is K+Q of trumps: 40.
   */
  | 'MELD_KIND_ROYAL_MARRIAGE'
  | 2
  /**
   * MELD_KIND_SEQUENCE is A 10 K Q J of trumps: 250.
   */
  | 'MELD_KIND_SEQUENCE'
  | 3
  /**
   * MELD_KIND_BEZIQUE is Q of spades and J of diamonds: 40.
   */
  | 'MELD_KIND_BEZIQUE'
  | 4
  /**
   * MELD_KIND_DOUBLE_BEZIQUE is two of each bezique card: 500.
   */
  | 'MELD_KIND_DOUBLE_BEZIQUE'
  | 5
  /**
   * MELD_KIND_TRIPLE_BEZIQUE is three of each bezique card: 1500.
   */
  | 'MELD_KIND_TRIPLE_BEZIQUE'
  | 6
  /**
   * MELD_KIND_QUADRUPLE_BEZIQUE is four of each bezique card: quadruple_value (4500).
   */
  | 'MELD_KIND_QUADRUPLE_BEZIQUE'
  | 7
  /**
   * MELD_KIND_FOUR_ACES is any four aces: 100.
   */
  | 'MELD_KIND_FOUR_ACES'
  | 8
  /**
   * MELD_KIND_FOUR_KINGS is any four kings: 80.
   */
  | 'MELD_KIND_FOUR_KINGS'
  | 9
  /**
   * MELD_KIND_FOUR_QUEENS is any four queens: 60.
   */
  | 'MELD_KIND_FOUR_QUEENS'
  | 10
  /**
   * MELD_KIND_FOUR_JACKS is any four jacks: 40.
   */
  | 'MELD_KIND_FOUR_JACKS'
  | 11
  /**
   * MELD_KIND_BACK_DOOR is A 10 K Q J of a plain suit, Rubicon and six-pack: 150.
   */
  | 'MELD_KIND_BACK_DOOR'
  | 12
  /**
   * MELD_KIND_FOUR_TRUMP_ACES is four aces of trumps, six-pack: 1000.
   */
  | 'MELD_KIND_FOUR_TRUMP_ACES'
  | 13
  /**
   * MELD_KIND_FOUR_TRUMP_TENS is four tens of trumps, six-pack: 900.
   */
  | 'MELD_KIND_FOUR_TRUMP_TENS'
  | 14
  /**
   * MELD_KIND_FOUR_TRUMP_KINGS is four kings of trumps, six-pack: 800.
   */
  | 'MELD_KIND_FOUR_TRUMP_KINGS'
  | 15
  /**
   * MELD_KIND_FOUR_TRUMP_QUEENS is four queens of trumps, six-pack: 600.
   */
  | 'MELD_KIND_FOUR_TRUMP_QUEENS'
  | 16
  /**
   * MELD_KIND_FOUR_TRUMP_JACKS is four jacks of trumps, six-pack: 400.
   */
  | 'MELD_KIND_FOUR_TRUMP_JACKS'
  | 17
  /**
   * MELD_KIND_CARTE_BLANCHE is a hand without a king, queen or jack (Rubicon 50, six-pack 250);
   * it is shown with CarteBlancheAction, never declared as a meld, and listed in meld values.
   */
  | 'MELD_KIND_CARTE_BLANCHE'
  | 18

/**
 * MeldKind is a kind of declaration (RULES.md §2, values §4). Values equal the engine's.
 */
export type MeldKind__Output = typeof MeldKind[keyof typeof MeldKind]
