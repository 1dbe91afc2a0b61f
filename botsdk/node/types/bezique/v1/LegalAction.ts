// Original file: ../../proto/bezique/v1/actions.proto

import type { Action as _bezique_v1_Action, Action__Output as _bezique_v1_Action__Output } from '../../bezique/v1/Action';

/**
 * LegalAction is one action the seat to act may take, with the id to choose it by.
 */
export interface LegalAction {
  /**
   * action_id identifies the action within its DecisionRequest.
   */
  'action_id'?: (number);
  /**
   * action is the action in full.
   */
  'action'?: (_bezique_v1_Action | null);
}

/**
 * LegalAction is one action the seat to act may take, with the id to choose it by.
 */
export interface LegalAction__Output {
  /**
   * action_id identifies the action within its DecisionRequest.
   */
  'action_id': (number);
  /**
   * action is the action in full.
   */
  'action': (_bezique_v1_Action__Output | null);
}
