// Original file: ../../proto/bezique/v1/table.proto


/**
 * StackedHand is one seat's hand in a stacked deal.
 */
export interface StackedHand {
  /**
   * cards are the hand's cards in text form ("QS", "QSb").
   */
  'cards'?: (string)[];
}

/**
 * StackedHand is one seat's hand in a stacked deal.
 */
export interface StackedHand__Output {
  /**
   * cards are the hand's cards in text form ("QS", "QSb").
   */
  'cards': (string)[];
}
