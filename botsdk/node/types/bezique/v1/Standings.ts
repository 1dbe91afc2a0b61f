// Original file: ../../proto/bezique/v1/tournament.proto

import type { EntrantStanding as _bezique_v1_EntrantStanding, EntrantStanding__Output as _bezique_v1_EntrantStanding__Output } from '../../bezique/v1/EntrantStanding';
import type { PairStanding as _bezique_v1_PairStanding, PairStanding__Output as _bezique_v1_PairStanding__Output } from '../../bezique/v1/PairStanding';
import type { SprtStatus as _bezique_v1_SprtStatus, SprtStatus__Output as _bezique_v1_SprtStatus__Output } from '../../bezique/v1/SprtStatus';

/**
 * Standings are a tournament's table, computed from its results.
 */
export interface Standings {
  /**
   * entrants are ranked by points, deal difference, score (per scored game), then id.
   */
  'entrants'?: (_bezique_v1_EntrantStanding)[];
  /**
   * pairs are every pair of entrants that met.
   */
  'pairs'?: (_bezique_v1_PairStanding)[];
  /**
   * played is the number of results counted.
   */
  'played'?: (number);
  /**
   * scheduled is the number of games scheduled.
   */
  'scheduled'?: (number);
  /**
   * sprt is the SPRT of a match that has one.
   */
  'sprt'?: (_bezique_v1_SprtStatus | null);
}

/**
 * Standings are a tournament's table, computed from its results.
 */
export interface Standings__Output {
  /**
   * entrants are ranked by points, deal difference, score (per scored game), then id.
   */
  'entrants': (_bezique_v1_EntrantStanding__Output)[];
  /**
   * pairs are every pair of entrants that met.
   */
  'pairs': (_bezique_v1_PairStanding__Output)[];
  /**
   * played is the number of results counted.
   */
  'played': (number);
  /**
   * scheduled is the number of games scheduled.
   */
  'scheduled': (number);
  /**
   * sprt is the SPRT of a match that has one.
   */
  'sprt': (_bezique_v1_SprtStatus__Output | null);
}
