// Original file: ../../proto/bezique/v1/seat.proto

/**
 * ViewMode says whether a seat's decision requests carry the seat's view.
 */
export const ViewMode = {
  /**
   * VIEW_MODE_UNSPECIFIED is VIEW_MODE_FULL.
   */
  VIEW_MODE_UNSPECIFIED: 'VIEW_MODE_UNSPECIFIED',
  /**
   * VIEW_MODE_FULL sends the seat's whole view in every DecisionRequest.
   */
  VIEW_MODE_FULL: 'VIEW_MODE_FULL',
  /**
   * VIEW_MODE_NONE leaves DecisionRequest.view out: the bot keeps its own view from Welcome's
   * snapshot and the events (docs/write-a-bot.md says what to track).
   */
  VIEW_MODE_NONE: 'VIEW_MODE_NONE',
  /**
   * VIEW_MODE_COMPACT sends the seat's whole view in every DecisionRequest in its compact form
   * (View.compact): the same information in about a third of the bytes, read with about a third
   * of the allocations, late in a deal (docs/BENCHMARKS.md). The SDKs ask for it and expand it to
   * the full form before the bot sees it.
   */
  VIEW_MODE_COMPACT: 'VIEW_MODE_COMPACT',
} as const;

/**
 * ViewMode says whether a seat's decision requests carry the seat's view.
 */
export type ViewMode =
  /**
   * VIEW_MODE_UNSPECIFIED is VIEW_MODE_FULL.
   */
  | 'VIEW_MODE_UNSPECIFIED'
  | 0
  /**
   * VIEW_MODE_FULL sends the seat's whole view in every DecisionRequest.
   */
  | 'VIEW_MODE_FULL'
  | 1
  /**
   * VIEW_MODE_NONE leaves DecisionRequest.view out: the bot keeps its own view from Welcome's
   * snapshot and the events (docs/write-a-bot.md says what to track).
   */
  | 'VIEW_MODE_NONE'
  | 2
  /**
   * VIEW_MODE_COMPACT sends the seat's whole view in every DecisionRequest in its compact form
   * (View.compact): the same information in about a third of the bytes, read with about a third
   * of the allocations, late in a deal (docs/BENCHMARKS.md). The SDKs ask for it and expand it to
   * the full form before the bot sees it.
   */
  | 'VIEW_MODE_COMPACT'
  | 3

/**
 * ViewMode says whether a seat's decision requests carry the seat's view.
 */
export type ViewMode__Output = typeof ViewMode[keyof typeof ViewMode]
