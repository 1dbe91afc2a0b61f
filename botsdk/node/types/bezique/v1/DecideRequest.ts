// Original file: ../../proto/bezique/v1/seat_service.proto

import type { Decide as _bezique_v1_Decide, Decide__Output as _bezique_v1_Decide__Output } from '../../bezique/v1/Decide';

/**
 * DecideRequest answers a DecisionRequest outside a Connect stream.
 */
export interface DecideRequest {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * seat is the seat, 0-based.
   */
  'seat'?: (number);
  /**
   * token is the seat's secret from CreateTable.
   */
  'token'?: (string);
  /**
   * decide is the answer: the request id and the action chosen.
   */
  'decide'?: (_bezique_v1_Decide | null);
  /**
   * member is the team member answering, as Join.member (0 for a seat of one).
   */
  'member'?: (number);
}

/**
 * DecideRequest answers a DecisionRequest outside a Connect stream.
 */
export interface DecideRequest__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * seat is the seat, 0-based.
   */
  'seat': (number);
  /**
   * token is the seat's secret from CreateTable.
   */
  'token': (string);
  /**
   * decide is the answer: the request id and the action chosen.
   */
  'decide': (_bezique_v1_Decide__Output | null);
  /**
   * member is the team member answering, as Join.member (0 for a seat of one).
   */
  'member': (number);
}
