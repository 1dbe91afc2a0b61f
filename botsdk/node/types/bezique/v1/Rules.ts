// Original file: ../../proto/bezique/v1/rules.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';

/**
 * Rules is a variant and its options.
 */
export interface Rules {
  /**
   * variant is the game played.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * options are the options asked for, named as RULES.md §5 spells them
   * ("deal_packets", "target", ...), values in the engine's text form (as they were typed, for a
   * table or tournament created before 2026-12-07: "TRUE", "+04").
   */
  'options'?: ({[key: string]: string});
  /**
   * effective_options are every option's resolved value (defaults filled in); output only.
   */
  'effective_options'?: ({[key: string]: string});
  /**
   * seat_count is the number of seats (2, 3 or 4); output only.
   */
  'seat_count'?: (number);
  /**
   * side_count is the number of sides: 2 in the partnership game, else the seat count; output only.
   */
  'side_count'?: (number);
}

/**
 * Rules is a variant and its options.
 */
export interface Rules__Output {
  /**
   * variant is the game played.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * options are the options asked for, named as RULES.md §5 spells them
   * ("deal_packets", "target", ...), values in the engine's text form (as they were typed, for a
   * table or tournament created before 2026-12-07: "TRUE", "+04").
   */
  'options': ({[key: string]: string});
  /**
   * effective_options are every option's resolved value (defaults filled in); output only.
   */
  'effective_options': ({[key: string]: string});
  /**
   * seat_count is the number of seats (2, 3 or 4); output only.
   */
  'seat_count': (number);
  /**
   * side_count is the number of sides: 2 in the partnership game, else the seat count; output only.
   */
  'side_count': (number);
}
