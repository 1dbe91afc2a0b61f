// Original file: ../../proto/bezique/v1/seat.proto

import type { LegalAction as _bezique_v1_LegalAction, LegalAction__Output as _bezique_v1_LegalAction__Output } from '../../bezique/v1/LegalAction';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';
import type { View as _bezique_v1_View, View__Output as _bezique_v1_View__Output } from '../../bezique/v1/View';
import type { Long } from '@grpc/proto-loader';

/**
 * DecisionRequest asks the bot to act.
 */
export interface DecisionRequest {
  /**
   * request_id identifies the request; Decide names it. A table never uses one twice, across the
   * referee's restarts and takeovers too: the decision that was open when its referee stopped is
   * opened again by the next with a new request_id (and seq), and an answer to the former one gets
   * REJECTION_CODE_STALE_REQUEST naming the new one.
   */
  'request_id'?: (number | string | Long);
  /**
   * seq is the seq of the latest event before the request was opened. A request sent again (after a
   * resume to the same referee) keeps it, though events have come since (the seat's own
   * disconnection and return): it is no marker of a stale request; request_id is.
   */
  'seq'?: (number | string | Long);
  /**
   * legal_actions are every action the bot may take. Interchangeable copies of a card (the same
   * face in the same place with the same meld history, both seen or both unseen by every seat
   * (SeatView.shown_in_hand), such as two 8♥ in the hand) are offered once, naming the lowest
   * copy; an action naming another of them (Decide.action) is accepted as the same action. In
   * phase 2 of a game of two players, where each hand is known to the other by elimination, a
   * seen and an unseen copy are interchangeable too.
   */
  'legal_actions'?: (_bezique_v1_LegalAction)[];
  /**
   * deadline is when the referee stops waiting (decision time plus bank).
   */
  'deadline'?: (_google_protobuf_Timestamp | null);
  /**
   * decision_left_ms is the decision time left, bank excluded, when the request is sent (a
   * request sent again to a seat that reconnected: what is left then).
   */
  'decision_left_ms'?: (number);
  /**
   * bank_left_ms is the bank left when the request is sent.
   */
  'bank_left_ms'?: (number);
  /**
   * increment_ms is added to the bank after the seat answers this request in time.
   */
  'increment_ms'?: (number);
  /**
   * view is the game's state as the seat may know it now (the engine's view of this seat): enough
   * to decide from this message alone, the cards every seat has seen in another's hand included
   * (SeatView.shown_in_hand); absent when the seat joined with VIEW_MODE_NONE, in the compact
   * form (View.compact) when it joined with VIEW_MODE_COMPACT.
   */
  'view'?: (_bezique_v1_View | null);
}

/**
 * DecisionRequest asks the bot to act.
 */
export interface DecisionRequest__Output {
  /**
   * request_id identifies the request; Decide names it. A table never uses one twice, across the
   * referee's restarts and takeovers too: the decision that was open when its referee stopped is
   * opened again by the next with a new request_id (and seq), and an answer to the former one gets
   * REJECTION_CODE_STALE_REQUEST naming the new one.
   */
  'request_id': (number);
  /**
   * seq is the seq of the latest event before the request was opened. A request sent again (after a
   * resume to the same referee) keeps it, though events have come since (the seat's own
   * disconnection and return): it is no marker of a stale request; request_id is.
   */
  'seq': (number);
  /**
   * legal_actions are every action the bot may take. Interchangeable copies of a card (the same
   * face in the same place with the same meld history, both seen or both unseen by every seat
   * (SeatView.shown_in_hand), such as two 8♥ in the hand) are offered once, naming the lowest
   * copy; an action naming another of them (Decide.action) is accepted as the same action. In
   * phase 2 of a game of two players, where each hand is known to the other by elimination, a
   * seen and an unseen copy are interchangeable too.
   */
  'legal_actions': (_bezique_v1_LegalAction__Output)[];
  /**
   * deadline is when the referee stops waiting (decision time plus bank).
   */
  'deadline': (_google_protobuf_Timestamp__Output | null);
  /**
   * decision_left_ms is the decision time left, bank excluded, when the request is sent (a
   * request sent again to a seat that reconnected: what is left then).
   */
  'decision_left_ms': (number);
  /**
   * bank_left_ms is the bank left when the request is sent.
   */
  'bank_left_ms': (number);
  /**
   * increment_ms is added to the bank after the seat answers this request in time.
   */
  'increment_ms': (number);
  /**
   * view is the game's state as the seat may know it now (the engine's view of this seat): enough
   * to decide from this message alone, the cards every seat has seen in another's hand included
   * (SeatView.shown_in_hand); absent when the seat joined with VIEW_MODE_NONE, in the compact
   * form (View.compact) when it joined with VIEW_MODE_COMPACT.
   */
  'view': (_bezique_v1_View__Output | null);
}
