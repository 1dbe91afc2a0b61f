// Original file: ../../proto/bezique/v1/tournament.proto

/**
 * Partners is how the four-handed partnership game forms partnerships.
 */
export const Partners = {
  /**
   * PARTNERS_UNSPECIFIED is fixed partners in the partnership game, and the only value for the others.
   */
  PARTNERS_UNSPECIFIED: 'PARTNERS_UNSPECIFIED',
  /**
   * PARTNERS_FIXED seats two instances of one entrant as partners.
   */
  PARTNERS_FIXED: 'PARTNERS_FIXED',
  /**
   * PARTNERS_ROTATING seats four entrants in each of the three partnerships in turn.
   */
  PARTNERS_ROTATING: 'PARTNERS_ROTATING',
} as const;

/**
 * Partners is how the four-handed partnership game forms partnerships.
 */
export type Partners =
  /**
   * PARTNERS_UNSPECIFIED is fixed partners in the partnership game, and the only value for the others.
   */
  | 'PARTNERS_UNSPECIFIED'
  | 0
  /**
   * PARTNERS_FIXED seats two instances of one entrant as partners.
   */
  | 'PARTNERS_FIXED'
  | 1
  /**
   * PARTNERS_ROTATING seats four entrants in each of the three partnerships in turn.
   */
  | 'PARTNERS_ROTATING'
  | 2

/**
 * Partners is how the four-handed partnership game forms partnerships.
 */
export type Partners__Output = typeof Partners[keyof typeof Partners]
