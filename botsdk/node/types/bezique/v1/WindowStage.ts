// Original file: ../../proto/bezique/v1/view.proto

/**
 * WindowStage is whose stage of the post-trick window it is (RULES.md §8.8).
 */
export const WindowStage = {
  /**
   * WINDOW_STAGE_UNSPECIFIED is no window.
   */
  WINDOW_STAGE_UNSPECIFIED: 'WINDOW_STAGE_UNSPECIFIED',
  /**
   * WINDOW_STAGE_WINNER is the trick winner's stage.
   */
  WINDOW_STAGE_WINNER: 'WINDOW_STAGE_WINNER',
  /**
   * WINDOW_STAGE_PARTNER is the winner's partner's stage (partnership only).
   */
  WINDOW_STAGE_PARTNER: 'WINDOW_STAGE_PARTNER',
} as const;

/**
 * WindowStage is whose stage of the post-trick window it is (RULES.md §8.8).
 */
export type WindowStage =
  /**
   * WINDOW_STAGE_UNSPECIFIED is no window.
   */
  | 'WINDOW_STAGE_UNSPECIFIED'
  | 0
  /**
   * WINDOW_STAGE_WINNER is the trick winner's stage.
   */
  | 'WINDOW_STAGE_WINNER'
  | 1
  /**
   * WINDOW_STAGE_PARTNER is the winner's partner's stage (partnership only).
   */
  | 'WINDOW_STAGE_PARTNER'
  | 2

/**
 * WindowStage is whose stage of the post-trick window it is (RULES.md §8.8).
 */
export type WindowStage__Output = typeof WindowStage[keyof typeof WindowStage]
