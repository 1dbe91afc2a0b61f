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
   * scores are every side's final totals, with its points in the deal in which the game ended.
   */
  'scores'?: (_bezique_v1_SideScore)[];
  /**
   * tie is set when the game ended level with no winner: possible in a game of a fixed number of
   * deals (GameRecord.deals_planned), and in Rubicon and six-pack.
   */
  'tie'?: (boolean);
  /**
   * game_points is the winner's game points in Rubicon and six-pack (RULES.md §3.6.10, §3.7.7),
   * else 0.
   */
  'game_points'?: (number);
  /**
   * rubicon is set when the loser of a Rubicon or six-pack game was rubiconed.
   */
  'rubicon'?: (boolean);
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
   * scores are every side's final totals, with its points in the deal in which the game ended.
   */
  'scores': (_bezique_v1_SideScore__Output)[];
  /**
   * tie is set when the game ended level with no winner: possible in a game of a fixed number of
   * deals (GameRecord.deals_planned), and in Rubicon and six-pack.
   */
  'tie': (boolean);
  /**
   * game_points is the winner's game points in Rubicon and six-pack (RULES.md §3.6.10, §3.7.7),
   * else 0.
   */
  'game_points': (number);
  /**
   * rubicon is set when the loser of a Rubicon or six-pack game was rubiconed.
   */
  'rubicon': (boolean);
}
