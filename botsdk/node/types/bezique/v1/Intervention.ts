// Original file: ../../proto/bezique/v1/events.proto

import type { InterventionKind as _bezique_v1_InterventionKind, InterventionKind__Output as _bezique_v1_InterventionKind__Output } from '../../bezique/v1/InterventionKind';
import type { Action as _bezique_v1_Action, Action__Output as _bezique_v1_Action__Output } from '../../bezique/v1/Action';

/**
 * Intervention is the referee acting for a seat (RULES.md is silent: referee policy).
 */
export interface Intervention {
  /**
   * seat is the seat acted for.
   */
  'seat'?: (number);
  /**
   * kind is why.
   */
  'kind'?: (_bezique_v1_InterventionKind);
  /**
   * action is the action applied; unset for a forfeit.
   */
  'action'?: (_bezique_v1_Action | null);
  /**
   * reason is a human-readable reason ("decision time ran out").
   */
  'reason'?: (string);
}

/**
 * Intervention is the referee acting for a seat (RULES.md is silent: referee policy).
 */
export interface Intervention__Output {
  /**
   * seat is the seat acted for.
   */
  'seat': (number);
  /**
   * kind is why.
   */
  'kind': (_bezique_v1_InterventionKind__Output);
  /**
   * action is the action applied; unset for a forfeit.
   */
  'action': (_bezique_v1_Action__Output | null);
  /**
   * reason is a human-readable reason ("decision time ran out").
   */
  'reason': (string);
}
