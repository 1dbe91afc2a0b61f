// Original file: ../../proto/bezique/v1/events.proto

import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from '../../bezique/v1/SideScore';

/**
 * GameEnded ends the game.
 */
export interface GameEnded {
  /**
   * winner_side is the winning side; 0 and meaningless when tie is set.
   */
  'winner_side'?: (number);
  /**
   * scores are every side's final totals.
   */
  'scores'?: (_bezique_v1_SideScore)[];
  /**
   * tie is set when the game ended level with no winner: possible only in a game of a fixed
   * number of deals (GameRecord.deals_planned).
   */
  'tie'?: (boolean);
}

/**
 * GameEnded ends the game.
 */
export interface GameEnded__Output {
  /**
   * winner_side is the winning side; 0 and meaningless when tie is set.
   */
  'winner_side': (number);
  /**
   * scores are every side's final totals.
   */
  'scores': (_bezique_v1_SideScore__Output)[];
  /**
   * tie is set when the game ended level with no winner: possible only in a game of a fixed
   * number of deals (GameRecord.deals_planned).
   */
  'tie': (boolean);
}
