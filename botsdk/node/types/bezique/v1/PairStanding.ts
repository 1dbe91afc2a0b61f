// Original file: ../../proto/bezique/v1/tournament.proto

import type { EloInterval as _bezique_v1_EloInterval, EloInterval__Output as _bezique_v1_EloInterval__Output } from '../../bezique/v1/EloInterval';

/**
 * PairStanding is the head-to-head of two entrants over the games where they met.
 */
export interface PairStanding {
  /**
   * a is the first entrant's id (listed first in the spec).
   */
  'a'?: (string);
  /**
   * b is the second entrant's id.
   */
  'b'?: (string);
  /**
   * wins is a's wins against b.
   */
  'wins'?: (number);
  /**
   * draws is their draws.
   */
  'draws'?: (number);
  /**
   * losses is a's losses against b.
   */
  'losses'?: (number);
  /**
   * penta counts the duplicate deal sets by a's points over the pair of games: 0, ½, 1, 1½, 2.
   */
  'penta'?: (number)[];
  /**
   * elo is a's Elo difference over b with its 95 % interval.
   */
  'elo'?: (_bezique_v1_EloInterval | null);
}

/**
 * PairStanding is the head-to-head of two entrants over the games where they met.
 */
export interface PairStanding__Output {
  /**
   * a is the first entrant's id (listed first in the spec).
   */
  'a': (string);
  /**
   * b is the second entrant's id.
   */
  'b': (string);
  /**
   * wins is a's wins against b.
   */
  'wins': (number);
  /**
   * draws is their draws.
   */
  'draws': (number);
  /**
   * losses is a's losses against b.
   */
  'losses': (number);
  /**
   * penta counts the duplicate deal sets by a's points over the pair of games: 0, ½, 1, 1½, 2.
   */
  'penta': (number)[];
  /**
   * elo is a's Elo difference over b with its 95 % interval.
   */
  'elo': (_bezique_v1_EloInterval__Output | null);
}
