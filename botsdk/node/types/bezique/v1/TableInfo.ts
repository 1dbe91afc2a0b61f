// Original file: ../../proto/bezique/v1/table.proto

import type { TableState as _bezique_v1_TableState, TableState__Output as _bezique_v1_TableState__Output } from '../../bezique/v1/TableState';
import type { Rules as _bezique_v1_Rules, Rules__Output as _bezique_v1_Rules__Output } from '../../bezique/v1/Rules';
import type { SeatInfo as _bezique_v1_SeatInfo, SeatInfo__Output as _bezique_v1_SeatInfo__Output } from '../../bezique/v1/SeatInfo';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from '../../bezique/v1/Clock';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from '../../bezique/v1/FailurePolicy';
import type { SideScore as _bezique_v1_SideScore, SideScore__Output as _bezique_v1_SideScore__Output } from '../../bezique/v1/SideScore';
import type { GameResult as _bezique_v1_GameResult, GameResult__Output as _bezique_v1_GameResult__Output } from '../../bezique/v1/GameResult';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';
import type { DealingSource as _bezique_v1_DealingSource, DealingSource__Output as _bezique_v1_DealingSource__Output } from '../../bezique/v1/DealingSource';
import type { Long } from '@grpc/proto-loader';

/**
 * TableInfo is a table's public summary.
 */
export interface TableInfo {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * state is where the table stands.
   */
  'state'?: (_bezique_v1_TableState);
  /**
   * rules are the table's rules, effective options included.
   */
  'rules'?: (_bezique_v1_Rules | null);
  /**
   * seats are the seats in order.
   */
  'seats'?: (_bezique_v1_SeatInfo)[];
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
   * last_seq is the seq of the table's latest event; 0 for a tournament's game in play that the
   * caller may not watch (as scores).
   */
  'last_seq'?: (number | string | Long);
  /**
   * scores are every side's score now: its points in the current deal and its total (once the
   * game has ended, GameResult.scores). Empty for a tournament's game in play that the caller may
   * not watch (WatchTable: its deal set has another game to play, docs/TOURNAMENTS.md).
   */
  'scores'?: (_bezique_v1_SideScore)[];
  /**
   * result is the game's result; set once finished or cancelled.
   */
  'result'?: (_bezique_v1_GameResult | null);
  /**
   * create_time is when the table was created.
   */
  'create_time'?: (_google_protobuf_Timestamp | null);
  /**
   * start_time is when play started.
   */
  'start_time'?: (_google_protobuf_Timestamp | null);
  /**
   * finish_time is when the game ended or was cancelled.
   */
  'finish_time'?: (_google_protobuf_Timestamp | null);
  /**
   * dealing_source is where the table's deals come from: a random seed, a seed chosen by the
   * table's creator, or a stacked deal.
   */
  'dealing_source'?: (_bezique_v1_DealingSource);
  /**
   * creator is the principal id that created the table (an API key's key_id, "admin" for the
   * configured admin key, "local" in-process or without authentication); it and admins may cancel it.
   */
  'creator'?: (string);
  /**
   * public is CreateTableRequest.public: anyone, without a key, may watch the table.
   */
  'public'?: (boolean);
  /**
   * quarantine_reason says why the stored table cannot be read or replayed (state
   * TABLE_STATE_QUARANTINED); empty otherwise.
   */
  'quarantine_reason'?: (string);
}

/**
 * TableInfo is a table's public summary.
 */
export interface TableInfo__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * state is where the table stands.
   */
  'state': (_bezique_v1_TableState__Output);
  /**
   * rules are the table's rules, effective options included.
   */
  'rules': (_bezique_v1_Rules__Output | null);
  /**
   * seats are the seats in order.
   */
  'seats': (_bezique_v1_SeatInfo__Output)[];
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
   * last_seq is the seq of the table's latest event; 0 for a tournament's game in play that the
   * caller may not watch (as scores).
   */
  'last_seq': (number);
  /**
   * scores are every side's score now: its points in the current deal and its total (once the
   * game has ended, GameResult.scores). Empty for a tournament's game in play that the caller may
   * not watch (WatchTable: its deal set has another game to play, docs/TOURNAMENTS.md).
   */
  'scores': (_bezique_v1_SideScore__Output)[];
  /**
   * result is the game's result; set once finished or cancelled.
   */
  'result': (_bezique_v1_GameResult__Output | null);
  /**
   * create_time is when the table was created.
   */
  'create_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * start_time is when play started.
   */
  'start_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * finish_time is when the game ended or was cancelled.
   */
  'finish_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * dealing_source is where the table's deals come from: a random seed, a seed chosen by the
   * table's creator, or a stacked deal.
   */
  'dealing_source': (_bezique_v1_DealingSource__Output);
  /**
   * creator is the principal id that created the table (an API key's key_id, "admin" for the
   * configured admin key, "local" in-process or without authentication); it and admins may cancel it.
   */
  'creator': (string);
  /**
   * public is CreateTableRequest.public: anyone, without a key, may watch the table.
   */
  'public': (boolean);
  /**
   * quarantine_reason says why the stored table cannot be read or replayed (state
   * TABLE_STATE_QUARANTINED); empty otherwise.
   */
  'quarantine_reason': (string);
}
