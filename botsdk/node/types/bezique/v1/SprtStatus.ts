// Original file: ../../proto/bezique/v1/tournament.proto

import type { SprtVerdict as _bezique_v1_SprtVerdict, SprtVerdict__Output as _bezique_v1_SprtVerdict__Output } from '../../bezique/v1/SprtVerdict';

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
   * verdict is the decision.
   */
  'verdict'?: (_bezique_v1_SprtVerdict);
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
   * verdict is the decision.
   */
  'verdict': (_bezique_v1_SprtVerdict__Output);
}
