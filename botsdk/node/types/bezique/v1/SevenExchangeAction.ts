// Original file: ../../proto/bezique/v1/actions.proto

import type { Card as _bezique_v1_Card, Card__Output as _bezique_v1_Card__Output } from '../../bezique/v1/Card';

/**
 * SevenExchangeAction exchanges the trump seven for the turn-up, scoring 10 (RULES.md §1.9.2).
 */
export interface SevenExchangeAction {
  /**
   * seven is the trump seven given up.
   */
  'seven'?: (_bezique_v1_Card | null);
  /**
   * taken is the turn-up taken in exchange, set in each offered exchange
   * (SeatRequest.legal_actions); output only, ignored in a Decide.
   */
  'taken'?: (_bezique_v1_Card | null);
}

/**
 * SevenExchangeAction exchanges the trump seven for the turn-up, scoring 10 (RULES.md §1.9.2).
 */
export interface SevenExchangeAction__Output {
  /**
   * seven is the trump seven given up.
   */
  'seven': (_bezique_v1_Card__Output | null);
  /**
   * taken is the turn-up taken in exchange, set in each offered exchange
   * (SeatRequest.legal_actions); output only, ignored in a Decide.
   */
  'taken': (_bezique_v1_Card__Output | null);
}
