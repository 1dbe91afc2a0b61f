// Original file: ../../proto/bezique/v1/seat.proto

import type { GameResult as _bezique_v1_GameResult, GameResult__Output as _bezique_v1_GameResult__Output } from '../../bezique/v1/GameResult';

/**
 * GameOver ends the stream's game.
 */
export interface GameOver {
  /**
   * result is how the game ended.
   */
  'result'?: (_bezique_v1_GameResult | null);
}

/**
 * GameOver ends the stream's game.
 */
export interface GameOver__Output {
  /**
   * result is how the game ended.
   */
  'result': (_bezique_v1_GameResult__Output | null);
}
