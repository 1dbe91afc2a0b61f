// Original file: ../../proto/bezique/v1/seat.proto

import type { Long } from '@grpc/proto-loader';

/**
 * TeamMessageRelayed is a TeamMessage from another member of the bot's team seat: relayed live,
 * or, to a member that was not connected when it was sent, after that member's next Welcome.
 */
export interface TeamMessageRelayed {
  /**
   * member is the sender's place in the team seat.
   */
  'member'?: (number);
  /**
   * text is the message.
   */
  'text'?: (string);
  /**
   * proposal_action_id is the sender's proposal, if any.
   */
  'proposal_action_id'?: (number);
  /**
   * seq is the seq of the latest event the sender had been sent when the referee received it.
   */
  'seq'?: (number | string | Long);
  '_proposal_action_id'?: "proposal_action_id";
}

/**
 * TeamMessageRelayed is a TeamMessage from another member of the bot's team seat: relayed live,
 * or, to a member that was not connected when it was sent, after that member's next Welcome.
 */
export interface TeamMessageRelayed__Output {
  /**
   * member is the sender's place in the team seat.
   */
  'member': (number);
  /**
   * text is the message.
   */
  'text': (string);
  /**
   * proposal_action_id is the sender's proposal, if any.
   */
  'proposal_action_id'?: (number);
  /**
   * seq is the seq of the latest event the sender had been sent when the referee received it.
   */
  'seq': (number);
  '_proposal_action_id'?: "proposal_action_id";
}
