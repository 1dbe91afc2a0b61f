// Original file: ../../proto/bezique/v1/seat.proto

import type { ViewMode as _bezique_v1_ViewMode, ViewMode__Output as _bezique_v1_ViewMode__Output } from '../../bezique/v1/ViewMode';
import type { Long } from '@grpc/proto-loader';

/**
 * Join is a bot's first message: it claims a seat.
 */
export interface Join {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * seat is the seat claimed, 0-based.
   */
  'seat'?: (number);
  /**
   * token is the seat's secret from CreateTable (at most 64 bytes).
   */
  'token'?: (string);
  /**
   * bot_name is the bot's name: at most 64 bytes of UTF-8 without control characters
   * (INVALID_ARGUMENT otherwise).
   */
  'bot_name'?: (string);
  /**
   * bot_version is the bot's version: at most 64 bytes of UTF-8 without control characters
   * (INVALID_ARGUMENT otherwise).
   */
  'bot_version'?: (string);
  /**
   * protocol_version is the protocol version the bot speaks (1); 0 (unset) is taken as 1. Any
   * other is FAILED_PRECONDITION naming the version the referee speaks.
   */
  'protocol_version'?: (number);
  /**
   * resume_after_seq asks for the events after this seq on reconnection; 0 is none.
   */
  'resume_after_seq'?: (number | string | Long);
  /**
   * member is the bot's place in a team seat (RemoteSeat.team_size > 1), 0-based; member 0 is
   * the captain. A seat of one bot takes only 0 (INVALID_ARGUMENT otherwise). A newer connection
   * for the same member supersedes only that member's.
   */
  'member'?: (number);
  /**
   * view_mode says whether and in which form this connection's decision requests carry the view
   * (unspecified: full). Welcome's snapshot is always in the full form.
   */
  'view_mode'?: (_bezique_v1_ViewMode);
  /**
   * batch lets the referee, when set, send what one step of the table sends this connection as
   * one ConnectResponse.batch rather than one gRPC message each: the events of the seat's own
   * action as soon as it is applied, then the following moves' events with the next decision
   * request. A bot that sets it must read a Batch's messages in order as if each had come alone;
   * unset, every message comes alone, as before. The Go, Python and Node SDKs set it.
   */
  'batch'?: (boolean);
}

/**
 * Join is a bot's first message: it claims a seat.
 */
export interface Join__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * seat is the seat claimed, 0-based.
   */
  'seat': (number);
  /**
   * token is the seat's secret from CreateTable (at most 64 bytes).
   */
  'token': (string);
  /**
   * bot_name is the bot's name: at most 64 bytes of UTF-8 without control characters
   * (INVALID_ARGUMENT otherwise).
   */
  'bot_name': (string);
  /**
   * bot_version is the bot's version: at most 64 bytes of UTF-8 without control characters
   * (INVALID_ARGUMENT otherwise).
   */
  'bot_version': (string);
  /**
   * protocol_version is the protocol version the bot speaks (1); 0 (unset) is taken as 1. Any
   * other is FAILED_PRECONDITION naming the version the referee speaks.
   */
  'protocol_version': (number);
  /**
   * resume_after_seq asks for the events after this seq on reconnection; 0 is none.
   */
  'resume_after_seq': (number);
  /**
   * member is the bot's place in a team seat (RemoteSeat.team_size > 1), 0-based; member 0 is
   * the captain. A seat of one bot takes only 0 (INVALID_ARGUMENT otherwise). A newer connection
   * for the same member supersedes only that member's.
   */
  'member': (number);
  /**
   * view_mode says whether and in which form this connection's decision requests carry the view
   * (unspecified: full). Welcome's snapshot is always in the full form.
   */
  'view_mode': (_bezique_v1_ViewMode__Output);
  /**
   * batch lets the referee, when set, send what one step of the table sends this connection as
   * one ConnectResponse.batch rather than one gRPC message each: the events of the seat's own
   * action as soon as it is applied, then the following moves' events with the next decision
   * request. A bot that sets it must read a Batch's messages in order as if each had come alone;
   * unset, every message comes alone, as before. The Go, Python and Node SDKs set it.
   */
  'batch': (boolean);
}
