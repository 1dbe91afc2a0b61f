// Original file: ../../proto/bezique/v1/view.proto

/**
 * Phase is where a deal stands.
 */
export const Phase = {
  /**
   * PHASE_UNSPECIFIED is no phase (no deal yet).
   */
  PHASE_UNSPECIFIED: 'PHASE_UNSPECIFIED',
  /**
   * PHASE_TRICK_PHASE1 is trick play while the stock lasts.
   */
  PHASE_TRICK_PHASE1: 'PHASE_TRICK_PHASE1',
  /**
   * PHASE_WINDOW is the post-trick window: sevens and melds before drawing.
   */
  PHASE_WINDOW: 'PHASE_WINDOW',
  /**
   * PHASE_TRICK_PHASE2 is trick play after the stock is gone.
   */
  PHASE_TRICK_PHASE2: 'PHASE_TRICK_PHASE2',
  /**
   * PHASE_GAME_OVER is a finished game.
   */
  PHASE_GAME_OVER: 'PHASE_GAME_OVER',
} as const;

/**
 * Phase is where a deal stands.
 */
export type Phase =
  /**
   * PHASE_UNSPECIFIED is no phase (no deal yet).
   */
  | 'PHASE_UNSPECIFIED'
  | 0
  /**
   * PHASE_TRICK_PHASE1 is trick play while the stock lasts.
   */
  | 'PHASE_TRICK_PHASE1'
  | 1
  /**
   * PHASE_WINDOW is the post-trick window: sevens and melds before drawing.
   */
  | 'PHASE_WINDOW'
  | 2
  /**
   * PHASE_TRICK_PHASE2 is trick play after the stock is gone.
   */
  | 'PHASE_TRICK_PHASE2'
  | 3
  /**
   * PHASE_GAME_OVER is a finished game.
   */
  | 'PHASE_GAME_OVER'
  | 5

/**
 * Phase is where a deal stands.
 */
export type Phase__Output = typeof Phase[keyof typeof Phase]
