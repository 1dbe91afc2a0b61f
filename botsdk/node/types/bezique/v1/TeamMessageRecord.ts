// Original file: ../../proto/bezique/v1/record.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TeamMessageRecord is one TeamMessage as the record keeps it.
 */
export interface TeamMessageRecord {
  /**
   * seq is the seq of the latest event when the referee received the message.
   */
  'seq'?: (number | string | Long);
  /**
   * seat is the team seat.
   */
  'seat'?: (number);
  /**
   * member is the sender's place in the team seat.
   */
  'member'?: (number);
  /**
   * text is the message.
   */
  'text'?: (string);
  /**
   * proposal_action_id is the proposed action_id, if any.
   */
  'proposal_action_id'?: (number);
  '_proposal_action_id'?: "proposal_action_id";
}

/**
 * TeamMessageRecord is one TeamMessage as the record keeps it.
 */
export interface TeamMessageRecord__Output {
  /**
   * seq is the seq of the latest event when the referee received the message.
   */
  'seq': (number);
  /**
   * seat is the team seat.
   */
  'seat': (number);
  /**
   * member is the sender's place in the team seat.
   */
  'member': (number);
  /**
   * text is the message.
   */
  'text': (string);
  /**
   * proposal_action_id is the proposed action_id, if any.
   */
  'proposal_action_id'?: (number);
  '_proposal_action_id'?: "proposal_action_id";
}
