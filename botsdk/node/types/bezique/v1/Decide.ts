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
   * choice is the action chosen.
   */
  'choice'?: "action_id"|"action";
}
