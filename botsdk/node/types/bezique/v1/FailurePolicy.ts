// Original file: ../../proto/bezique/v1/table.proto

import type { FailureAction as _bezique_v1_FailureAction, FailureAction__Output as _bezique_v1_FailureAction__Output } from '../../bezique/v1/FailureAction';

/**
 * FailurePolicy says what the referee does when a seat fails.
 */
export interface FailurePolicy {
  /**
   * on_timeout applies when a seat runs out of time.
   */
  'on_timeout'?: (_bezique_v1_FailureAction);
  /**
   * on_illegal applies when a seat sends strike_limit illegal actions for one decision.
   */
  'on_illegal'?: (_bezique_v1_FailureAction);
  /**
   * on_disconnect applies when a seat stays disconnected past disconnect_grace_ms, counted from
   * when it left. Once the grace has run out, a seat still away is played for at once at each of
   * its decisions (AUTO_PLAY) for as long as it stays away: the game does not wait for it (a
   * two-handed game then ends within moments); a bot that joins again takes the seat back at its
   * next decision.
   */
  'on_disconnect'?: (_bezique_v1_FailureAction);
  /**
   * strike_limit is the number of rejected actions tolerated for one decision; 0 (unset) is the
   * default, 3.
   */
  'strike_limit'?: (number);
  /**
   * disconnect_grace_ms is how long a disconnected seat may take to come back: at most an hour
   * (3 600 000); 0 for the referee's default.
   */
  'disconnect_grace_ms'?: (number);
}

/**
 * FailurePolicy says what the referee does when a seat fails.
 */
export interface FailurePolicy__Output {
  /**
   * on_timeout applies when a seat runs out of time.
   */
  'on_timeout': (_bezique_v1_FailureAction__Output);
  /**
   * on_illegal applies when a seat sends strike_limit illegal actions for one decision.
   */
  'on_illegal': (_bezique_v1_FailureAction__Output);
  /**
   * on_disconnect applies when a seat stays disconnected past disconnect_grace_ms, counted from
   * when it left. Once the grace has run out, a seat still away is played for at once at each of
   * its decisions (AUTO_PLAY) for as long as it stays away: the game does not wait for it (a
   * two-handed game then ends within moments); a bot that joins again takes the seat back at its
   * next decision.
   */
  'on_disconnect': (_bezique_v1_FailureAction__Output);
  /**
   * strike_limit is the number of rejected actions tolerated for one decision; 0 (unset) is the
   * default, 3.
   */
  'strike_limit': (number);
  /**
   * disconnect_grace_ms is how long a disconnected seat may take to come back: at most an hour
   * (3 600 000); 0 for the referee's default.
   */
  'disconnect_grace_ms': (number);
}
