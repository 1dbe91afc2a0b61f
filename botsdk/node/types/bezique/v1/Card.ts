// Original file: ../../proto/bezique/v1/cards.proto

import type { Suit as _bezique_v1_Suit, Suit__Output as _bezique_v1_Suit__Output } from '../../bezique/v1/Suit';
import type { Rank as _bezique_v1_Rank, Rank__Output as _bezique_v1_Rank__Output } from '../../bezique/v1/Rank';

/**
 * Card is one physical card. A card hidden from the reader is absent (an unset field),
 * never a Card with made-up values. In a compact view (View.compact) a Card has its id only.
 */
export interface Card {
  /**
   * id is the card's identity, 0..191 = copy*32 + suit*8 + rank (engine suit and rank: suit
   * is the Suit value minus one, rank the Rank value minus one). It is the only field read when
   * a client sends a card (the others, when set, must be the id's card's: MALFORMED otherwise),
   * and the only one set in a compact view.
   */
  'id'?: (number);
  /**
   * text is the card's text form: rank, suit, copy letter ("QSa", "THb", "7Cd").
   */
  'text'?: (string);
  /**
   * suit is the card's suit.
   */
  'suit'?: (_bezique_v1_Suit);
  /**
   * rank is the card's rank.
   */
  'rank'?: (_bezique_v1_Rank);
  /**
   * copy is which copy of its face the card is: 0..1 (a, b) in a 64-card deck, 0..3 (a to d) in
   * a 128-card one, 0..5 (a to f) in a 192-card one (six-pack Bézique).
   */
  'copy'?: (number);
}

/**
 * Card is one physical card. A card hidden from the reader is absent (an unset field),
 * never a Card with made-up values. In a compact view (View.compact) a Card has its id only.
 */
export interface Card__Output {
  /**
   * id is the card's identity, 0..191 = copy*32 + suit*8 + rank (engine suit and rank: suit
   * is the Suit value minus one, rank the Rank value minus one). It is the only field read when
   * a client sends a card (the others, when set, must be the id's card's: MALFORMED otherwise),
   * and the only one set in a compact view.
   */
  'id': (number);
  /**
   * text is the card's text form: rank, suit, copy letter ("QSa", "THb", "7Cd").
   */
  'text': (string);
  /**
   * suit is the card's suit.
   */
  'suit': (_bezique_v1_Suit__Output);
  /**
   * rank is the card's rank.
   */
  'rank': (_bezique_v1_Rank__Output);
  /**
   * copy is which copy of its face the card is: 0..1 (a, b) in a 64-card deck, 0..3 (a to d) in
   * a 128-card one, 0..5 (a to f) in a 192-card one (six-pack Bézique).
   */
  'copy': (number);
}
