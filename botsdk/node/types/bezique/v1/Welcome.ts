// Original file: ../../proto/bezique/v1/seat.proto

import type { Rules as _bezique_v1_Rules, Rules__Output as _bezique_v1_Rules__Output } from '../../bezique/v1/Rules';
import type { SeatInfo as _bezique_v1_SeatInfo, SeatInfo__Output as _bezique_v1_SeatInfo__Output } from '../../bezique/v1/SeatInfo';
import type { View as _bezique_v1_View, View__Output as _bezique_v1_View__Output } from '../../bezique/v1/View';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from '../../bezique/v1/Clock';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from '../../bezique/v1/FailurePolicy';
import type { DealingSource as _bezique_v1_DealingSource, DealingSource__Output as _bezique_v1_DealingSource__Output } from '../../bezique/v1/DealingSource';
import type { TeamPolicy as _bezique_v1_TeamPolicy, TeamPolicy__Output as _bezique_v1_TeamPolicy__Output } from '../../bezique/v1/TeamPolicy';
import type { Long } from '@grpc/proto-loader';

/**
 * Welcome accepts a Join.
 */
export interface Welcome {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * rules are the table's rules, effective options included.
   */
  'rules'?: (_bezique_v1_Rules | null);
  /**
   * seats are who sits where.
   */
  'seats'?: (_bezique_v1_SeatInfo)[];
  /**
   * seat is the bot's seat.
   */
  'seat'?: (number);
  /**
   * side is the bot's side.
   */
  'side'?: (number);
  /**
   * snapshot is the bot's view now.
   */
  'snapshot'?: (_bezique_v1_View | null);
  /**
   * last_seq is the seq of the latest event the snapshot includes. After a reconnection with
   * Join.resume_after_seq, the events up to last_seq are sent again though the snapshot includes
   * them: a bot takes the snapshot or those events, not both.
   */
  'last_seq'?: (number | string | Long);
  /**
   * protocol_version is the protocol version the server speaks.
   */
  'protocol_version'?: (number);
  /**
   * clock is the time control.
   */
  'clock'?: (_bezique_v1_Clock | null);
  /**
   * failure_policy is the failure policy.
   */
  'failure_policy'?: (_bezique_v1_FailurePolicy | null);
  /**
   * seed_commitment is the commitment to the seed, SHA-256(seed_salt || seed) in lowercase hex
   * (docs/DEALING.md); the record reveals the salt and the seed.
   */
  'seed_commitment'?: (string);
  /**
   * dealing_source is where the table's deals come from: a random seed, a seed chosen by the
   * table's creator (who can then know every hand), or a stacked deal.
   */
  'dealing_source'?: (_bezique_v1_DealingSource);
  /**
   * member is the bot's place in its team seat (Join.member); 0 for a seat of one bot.
   */
  'member'?: (number);
  /**
   * team_size is how many members play the seat (RemoteSeat.team_size; 1 for a seat of one bot).
   */
  'team_size'?: (number);
  /**
   * team_policy is whose answer counts at the table's team seats (CreateTableRequest.team_policy,
   * never unspecified: TEAM_POLICY_CAPTAIN or TEAM_POLICY_FIRST_ANSWER).
   */
  'team_policy'?: (_bezique_v1_TeamPolicy);
}

/**
 * Welcome accepts a Join.
 */
export interface Welcome__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * rules are the table's rules, effective options included.
   */
  'rules': (_bezique_v1_Rules__Output | null);
  /**
   * seats are who sits where.
   */
  'seats': (_bezique_v1_SeatInfo__Output)[];
  /**
   * seat is the bot's seat.
   */
  'seat': (number);
  /**
   * side is the bot's side.
   */
  'side': (number);
  /**
   * snapshot is the bot's view now.
   */
  'snapshot': (_bezique_v1_View__Output | null);
  /**
   * last_seq is the seq of the latest event the snapshot includes. After a reconnection with
   * Join.resume_after_seq, the events up to last_seq are sent again though the snapshot includes
   * them: a bot takes the snapshot or those events, not both.
   */
  'last_seq': (number);
  /**
   * protocol_version is the protocol version the server speaks.
   */
  'protocol_version': (number);
  /**
   * clock is the time control.
   */
  'clock': (_bezique_v1_Clock__Output | null);
  /**
   * failure_policy is the failure policy.
   */
  'failure_policy': (_bezique_v1_FailurePolicy__Output | null);
  /**
   * seed_commitment is the commitment to the seed, SHA-256(seed_salt || seed) in lowercase hex
   * (docs/DEALING.md); the record reveals the salt and the seed.
   */
  'seed_commitment': (string);
  /**
   * dealing_source is where the table's deals come from: a random seed, a seed chosen by the
   * table's creator (who can then know every hand), or a stacked deal.
   */
  'dealing_source': (_bezique_v1_DealingSource__Output);
  /**
   * member is the bot's place in its team seat (Join.member); 0 for a seat of one bot.
   */
  'member': (number);
  /**
   * team_size is how many members play the seat (RemoteSeat.team_size; 1 for a seat of one bot).
   */
  'team_size': (number);
  /**
   * team_policy is whose answer counts at the table's team seats (CreateTableRequest.team_policy,
   * never unspecified: TEAM_POLICY_CAPTAIN or TEAM_POLICY_FIRST_ANSWER).
   */
  'team_policy': (_bezique_v1_TeamPolicy__Output);
}
