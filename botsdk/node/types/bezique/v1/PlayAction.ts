// Original file: ../../proto/bezique/v1/actions.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * PlayAction plays a card, from hand or from the seat's own tabled melds.
 */
export interface PlayAction {
  /**
   * card is the card played (only its id is read on input).
   */
  'card'?: (_bezique_v1_Card | null);
  /**
   * from_table tells whether the card comes from the seat's tabled cards; output only.
   */
  'from_table'?: (boolean);
}

/**
 * PlayAction plays a card, from hand or from the seat's own tabled melds.
 */
export interface PlayAction__Output {
  /**
   * card is the card played (only its id is read on input).
   */
  'card': (_bezique_v1_Card__Output | null);
  /**
   * from_table tells whether the card comes from the seat's tabled cards; output only.
   */
  'from_table': (boolean);
}
