// Original file: ../../proto/bezique/v1/record.proto

import type { Action as _bezique_v1_Action, Action__Output as _bezique_v1_Action__Output } from '../../bezique/v1/Action';
import type { InterventionKind as _bezique_v1_InterventionKind, InterventionKind__Output as _bezique_v1_InterventionKind__Output } from '../../bezique/v1/InterventionKind';
import type { Long } from '@grpc/proto-loader';

/**
 * RecordedAction is one action applied to the game.
 */
export interface RecordedAction {
  /**
   * seq is the seq of the event the action produced first.
   */
  'seq'?: (number | string | Long);
  /**
   * seat is the seat that acted.
   */
  'seat'?: (number);
  /**
   * action is the action applied.
   */
  'action'?: (_bezique_v1_Action | null);
  /**
   * elapsed_ms is the time the seat took to decide.
   */
  'elapsed_ms'?: (number);
  /**
   * intervention is why the referee chose the action; unspecified when the seat did.
   */
  'intervention'?: (_bezique_v1_InterventionKind);
  /**
   * bank_left_ms is the acting seat's time bank after this action, in milliseconds.
   */
  'bank_left_ms'?: (number);
  /**
   * fallback is set when the seat's answer was its SDK's default, not its bot's decision
   * (Decide.fallback).
   */
  'fallback'?: (boolean);
}

/**
 * RecordedAction is one action applied to the game.
 */
export interface RecordedAction__Output {
  /**
   * seq is the seq of the event the action produced first.
   */
  'seq': (number);
  /**
   * seat is the seat that acted.
   */
  'seat': (number);
  /**
   * action is the action applied.
   */
  'action': (_bezique_v1_Action__Output | null);
  /**
   * elapsed_ms is the time the seat took to decide.
   */
  'elapsed_ms': (number);
  /**
   * intervention is why the referee chose the action; unspecified when the seat did.
   */
  'intervention': (_bezique_v1_InterventionKind__Output);
  /**
   * bank_left_ms is the acting seat's time bank after this action, in milliseconds.
   */
  'bank_left_ms': (number);
  /**
   * fallback is set when the seat's answer was its SDK's default, not its bot's decision
   * (Decide.fallback).
   */
  'fallback': (boolean);
}
