// Original file: ../../proto/bezique/v1/table.proto

/**
 * DealingSource is where a table's deals come from, announced to every seat and spectator so that
 * no one plays a deal its creator knows without being told.
 */
export const DealingSource = {
  /**
   * DEALING_SOURCE_UNSPECIFIED is unknown: a table or record made before the source was announced.
   */
  DEALING_SOURCE_UNSPECIFIED: 'DEALING_SOURCE_UNSPECIFIED',
  /**
   * DEALING_SOURCE_RANDOM is a seed drawn by the referee from a cryptographic random source: no
   * one knows the deals before the record reveals the seed.
   */
  DEALING_SOURCE_RANDOM: 'DEALING_SOURCE_RANDOM',
  /**
   * DEALING_SOURCE_CHOSEN_SEED is a seed given by the table's creator (CreateTableRequest.seed):
   * the creator can know every deal, every hidden card included.
   */
  DEALING_SOURCE_CHOSEN_SEED: 'DEALING_SOURCE_CHOSEN_SEED',
  /**
   * DEALING_SOURCE_STACKED is a first deal given card by card by the table's creator
   * (CreateTableRequest.stacked_deal), who knows it; later deals come from the seed, which the
   * creator may also have chosen.
   */
  DEALING_SOURCE_STACKED: 'DEALING_SOURCE_STACKED',
} as const;

/**
 * DealingSource is where a table's deals come from, announced to every seat and spectator so that
 * no one plays a deal its creator knows without being told.
 */
export type DealingSource =
  /**
   * DEALING_SOURCE_UNSPECIFIED is unknown: a table or record made before the source was announced.
   */
  | 'DEALING_SOURCE_UNSPECIFIED'
  | 0
  /**
   * DEALING_SOURCE_RANDOM is a seed drawn by the referee from a cryptographic random source: no
   * one knows the deals before the record reveals the seed.
   */
  | 'DEALING_SOURCE_RANDOM'
  | 1
  /**
   * DEALING_SOURCE_CHOSEN_SEED is a seed given by the table's creator (CreateTableRequest.seed):
   * the creator can know every deal, every hidden card included.
   */
  | 'DEALING_SOURCE_CHOSEN_SEED'
  | 2
  /**
   * DEALING_SOURCE_STACKED is a first deal given card by card by the table's creator
   * (CreateTableRequest.stacked_deal), who knows it; later deals come from the seed, which the
   * creator may also have chosen.
   */
  | 'DEALING_SOURCE_STACKED'
  | 3

/**
 * DealingSource is where a table's deals come from, announced to every seat and spectator so that
 * no one plays a deal its creator knows without being told.
 */
export type DealingSource__Output = typeof DealingSource[keyof typeof DealingSource]
