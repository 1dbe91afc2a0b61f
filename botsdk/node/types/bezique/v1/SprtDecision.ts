// Original file: ../../proto/bezique/v1/tournament.proto

import type { SprtVerdict as _bezique_v1_SprtVerdict, SprtVerdict__Output as _bezique_v1_SprtVerdict__Output } from '../../bezique/v1/SprtVerdict';

/**
 * SprtDecision is a match's SPRT verdict as it was reached.
 */
export interface SprtDecision {
  /**
   * verdict is the hypothesis accepted: SPRT_VERDICT_H0 or SPRT_VERDICT_H1.
   */
  'verdict'?: (_bezique_v1_SprtVerdict);
  /**
   * llr is the log-likelihood ratio that reached the bound.
   */
  'llr'?: (number | string);
  /**
   * played is the number of results counted with the one that reached it.
   */
  'played'?: (number);
}

/**
 * SprtDecision is a match's SPRT verdict as it was reached.
 */
export interface SprtDecision__Output {
  /**
   * verdict is the hypothesis accepted: SPRT_VERDICT_H0 or SPRT_VERDICT_H1.
   */
  'verdict': (_bezique_v1_SprtVerdict__Output);
  /**
   * llr is the log-likelihood ratio that reached the bound.
   */
  'llr': (number);
  /**
   * played is the number of results counted with the one that reached it.
   */
  'played': (number);
}
