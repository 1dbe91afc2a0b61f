// Original file: ../../proto/bezique/v1/tournament.proto

/**
 * SprtVerdict is where a match's SPRT stands.
 */
export const SprtVerdict = {
  /**
   * SPRT_VERDICT_UNSPECIFIED is never set.
   */
  SPRT_VERDICT_UNSPECIFIED: 'SPRT_VERDICT_UNSPECIFIED',
  /**
   * SPRT_VERDICT_CONTINUE is no decision yet.
   */
  SPRT_VERDICT_CONTINUE: 'SPRT_VERDICT_CONTINUE',
  /**
   * SPRT_VERDICT_H0 accepts H0 (the first entrant is not elo1 stronger).
   */
  SPRT_VERDICT_H0: 'SPRT_VERDICT_H0',
  /**
   * SPRT_VERDICT_H1 accepts H1 (the first entrant is elo1 stronger, not elo0).
   */
  SPRT_VERDICT_H1: 'SPRT_VERDICT_H1',
} as const;

/**
 * SprtVerdict is where a match's SPRT stands.
 */
export type SprtVerdict =
  /**
   * SPRT_VERDICT_UNSPECIFIED is never set.
   */
  | 'SPRT_VERDICT_UNSPECIFIED'
  | 0
  /**
   * SPRT_VERDICT_CONTINUE is no decision yet.
   */
  | 'SPRT_VERDICT_CONTINUE'
  | 1
  /**
   * SPRT_VERDICT_H0 accepts H0 (the first entrant is not elo1 stronger).
   */
  | 'SPRT_VERDICT_H0'
  | 2
  /**
   * SPRT_VERDICT_H1 accepts H1 (the first entrant is elo1 stronger, not elo0).
   */
  | 'SPRT_VERDICT_H1'
  | 3

/**
 * SprtVerdict is where a match's SPRT stands.
 */
export type SprtVerdict__Output = typeof SprtVerdict[keyof typeof SprtVerdict]
