// Original file: ../../proto/bezique/v1/seat.proto

import type { Action as _bezique_v1_Action, Action__Output as _bezique_v1_Action__Output } from '../../bezique/v1/Action';
import type { Long } from '@grpc/proto-loader';

/**
 * Decide answers a DecisionRequest.
 */
export interface Decide {
  /**
   * request_id is the request answered.
   */
  'request_id'?: (number | string | Long);
  /**
   * action_id picks one of the request's legal actions.
   */
  'action_id'?: (number);
  /**
   * action spells the action out (card ids only).
   */
  'action'?: (_bezique_v1_Action | null);
  /**
   * fallback says the answer is not the bot's decision but its SDK's default (the first legal
   * action), sent for it because its decide missed the deadline, failed, or chose no legal action.
   * The referee applies it as any answer, records it (RecordedAction.fallback) and counts it in a
   * tournament's standings (EntrantStanding.fallbacks), so that a bot's results say how many of
   * its moves it did not choose. The Python and Node SDKs set it.
   */
  'fallback'?: (boolean);
  /**
   * choice is the action chosen.
   */
  'choice'?: "action_id"|"action";
}

/**
 * Decide answers a DecisionRequest.
 */
export interface Decide__Output {
  /**
   * request_id is the request answered.
   */
  'request_id': (number);
  /**
   * action_id picks one of the request's legal actions.
   */
  'action_id'?: (number);
  /**
   * action spells the action out (card ids only).
   */
  'action'?: (_bezique_v1_Action__Output | null);
  /**
   * fallback says the answer is not the bot's decision but its SDK's default (the first legal
   * action), sent for it because its decide missed the deadline, failed, or chose no legal action.
   * The referee applies it as any answer, records it (RecordedAction.fallback) and counts it in a
   * tournament's standings (EntrantStanding.fallbacks), so that a bot's results say how many of
   * its moves it did not choose. The Python and Node SDKs set it.
   */
  'fallback': (boolean);
  /**
   * choice is the action chosen.
   */
  'choice'?: "action_id"|"action";
}
