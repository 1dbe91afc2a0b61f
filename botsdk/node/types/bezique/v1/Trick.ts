// Original file: ../../proto/bezique/v1/view.proto

import type { Play as _bezique_v1_Play, Play__Output as _bezique_v1_Play__Output } from '../../bezique/v1/Play';

/**
 * Trick is a finished trick.
 */
export interface Trick {
  /**
   * number is the trick's number in the deal, 1-based.
   */
  'number'?: (number);
  /**
   * leader is the seat that led.
   */
  'leader'?: (number);
  /**
   * plays are the cards in the order played.
   */
  'plays'?: (_bezique_v1_Play)[];
  /**
   * winner is the seat that won the trick.
   */
  'winner'?: (number);
}

/**
 * Trick is a finished trick.
 */
export interface Trick__Output {
  /**
   * number is the trick's number in the deal, 1-based.
   */
  'number': (number);
  /**
   * leader is the seat that led.
   */
  'leader': (number);
  /**
   * plays are the cards in the order played.
   */
  'plays': (_bezique_v1_Play__Output)[];
  /**
   * winner is the seat that won the trick.
   */
  'winner': (number);
}
