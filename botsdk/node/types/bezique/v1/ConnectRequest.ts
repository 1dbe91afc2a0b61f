// Original file: ../../proto/bezique/v1/seat_service.proto

import type { Join as _bezique_v1_Join, Join__Output as _bezique_v1_Join__Output } from '../../bezique/v1/Join';
import type { Decide as _bezique_v1_Decide, Decide__Output as _bezique_v1_Decide__Output } from '../../bezique/v1/Decide';
import type { Pong as _bezique_v1_Pong, Pong__Output as _bezique_v1_Pong__Output } from '../../bezique/v1/Pong';
import type { TeamMessage as _bezique_v1_TeamMessage, TeamMessage__Output as _bezique_v1_TeamMessage__Output } from '../../bezique/v1/TeamMessage';

/**
 * ConnectRequest is a message from a bot.
 */
export interface ConnectRequest {
  /**
   * join claims a seat; it must come first.
   */
  'join'?: (_bezique_v1_Join | null);
  /**
   * decide answers a DecisionRequest.
   */
  'decide'?: (_bezique_v1_Decide | null);
  /**
   * pong answers a Ping.
   */
  'pong'?: (_bezique_v1_Pong | null);
  /**
   * team_message is a message to the other members of the bot's team seat.
   */
  'team_message'?: (_bezique_v1_TeamMessage | null);
  /**
   * kind is the message. After the join, a message with none set (or one this referee does not
   * know) is refused with a Rejection (REJECTION_CODE_MALFORMED, no strike) and the stream goes on.
   */
  'kind'?: "join"|"decide"|"pong"|"team_message";
}

/**
 * ConnectRequest is a message from a bot.
 */
export interface ConnectRequest__Output {
  /**
   * join claims a seat; it must come first.
   */
  'join'?: (_bezique_v1_Join__Output | null);
  /**
   * decide answers a DecisionRequest.
   */
  'decide'?: (_bezique_v1_Decide__Output | null);
  /**
   * pong answers a Ping.
   */
  'pong'?: (_bezique_v1_Pong__Output | null);
  /**
   * team_message is a message to the other members of the bot's team seat.
   */
  'team_message'?: (_bezique_v1_TeamMessage__Output | null);
  /**
   * kind is the message. After the join, a message with none set (or one this referee does not
   * know) is refused with a Rejection (REJECTION_CODE_MALFORMED, no strike) and the stream goes on.
   */
  'kind'?: "join"|"decide"|"pong"|"team_message";
}
