// Original file: ../../proto/bezique/v1/tournament.proto

import type { SprtVerdict as _bezique_v1_SprtVerdict, SprtVerdict__Output as _bezique_v1_SprtVerdict__Output } from '../../bezique/v1/SprtVerdict';
import type { SprtDecision as _bezique_v1_SprtDecision, SprtDecision__Output as _bezique_v1_SprtDecision__Output } from '../../bezique/v1/SprtDecision';

/**
 * SprtStatus is where a match's SPRT stands.
 */
export interface SprtStatus {
  /**
   * llr is the log-likelihood ratio so far.
   */
  'llr'?: (number | string);
  /**
   * lower is the bound under which H0 is accepted.
   */
  'lower'?: (number | string);
  /**
   * upper is the bound over which H1 is accepted.
   */
  'upper'?: (number | string);
  /**
   * verdict is the decision: decision's verdict once a result reached one, whatever llr says
   * since (the games in play then are finished and counted, and may move llr back between the
   * bounds, but a verdict stands).
   */
  'verdict'?: (_bezique_v1_SprtVerdict);
  /**
   * decision is the test as it stood at the result that reached its verdict; unset while it
   * continues, and for a verdict of results stored before decisions were kept.
   */
  'decision'?: (_bezique_v1_SprtDecision | null);
}

/**
 * SprtStatus is where a match's SPRT stands.
 */
export interface SprtStatus__Output {
  /**
   * llr is the log-likelihood ratio so far.
   */
  'llr': (number);
  /**
   * lower is the bound under which H0 is accepted.
   */
  'lower': (number);
  /**
   * upper is the bound over which H1 is accepted.
   */
  'upper': (number);
  /**
   * verdict is the decision: decision's verdict once a result reached one, whatever llr says
   * since (the games in play then are finished and counted, and may move llr back between the
   * bounds, but a verdict stands).
   */
  'verdict': (_bezique_v1_SprtVerdict__Output);
  /**
   * decision is the test as it stood at the result that reached its verdict; unset while it
   * continues, and for a verdict of results stored before decisions were kept.
   */
  'decision': (_bezique_v1_SprtDecision__Output | null);
}
