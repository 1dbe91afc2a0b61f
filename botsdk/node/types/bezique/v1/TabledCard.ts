// Original file: ../../proto/bezique/v1/view.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';
import type { MeldClass as _bezique_v1_MeldClass, MeldClass__Output as _bezique_v1_MeldClass__Output } from '../../bezique/v1/MeldClass';

/**
 * TabledCard is a card on the table in front of a seat, with the melds it has scored in.
 */
export interface TabledCard {
  /**
   * card is the tabled card.
   */
  'card'?: (_bezique_v1_Card | null);
  /**
   * scored_classes are the meld classes the card has scored in, or is announced in while the
   * announcement is pending (allow_pending_declarations, RULES.md §8.18): what the re-use rule
   * needs.
   */
  'scored_classes'?: (_bezique_v1_MeldClass)[];
}

/**
 * TabledCard is a card on the table in front of a seat, with the melds it has scored in.
 */
export interface TabledCard__Output {
  /**
   * card is the tabled card.
   */
  'card': (_bezique_v1_Card__Output | null);
  /**
   * scored_classes are the meld classes the card has scored in, or is announced in while the
   * announcement is pending (allow_pending_declarations, RULES.md §8.18): what the re-use rule
   * needs.
   */
  'scored_classes': (_bezique_v1_MeldClass__Output)[];
}
