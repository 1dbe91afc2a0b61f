// Original file: ../../proto/bezique/v1/record.proto

import type { Rules as _bezique_v1_Rules, Rules__Output as _bezique_v1_Rules__Output } from '../../bezique/v1/Rules';
import type { SeatInfo as _bezique_v1_SeatInfo, SeatInfo__Output as _bezique_v1_SeatInfo__Output } from '../../bezique/v1/SeatInfo';
import type { StackedDeal as _bezique_v1_StackedDeal, StackedDeal__Output as _bezique_v1_StackedDeal__Output } from '../../bezique/v1/StackedDeal';
import type { RecordedAction as _bezique_v1_RecordedAction, RecordedAction__Output as _bezique_v1_RecordedAction__Output } from '../../bezique/v1/RecordedAction';
import type { DealSummary as _bezique_v1_DealSummary, DealSummary__Output as _bezique_v1_DealSummary__Output } from '../../bezique/v1/DealSummary';
import type { GameResult as _bezique_v1_GameResult, GameResult__Output as _bezique_v1_GameResult__Output } from '../../bezique/v1/GameResult';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';
import type { DealingSource as _bezique_v1_DealingSource, DealingSource__Output as _bezique_v1_DealingSource__Output } from '../../bezique/v1/DealingSource';
import type { TeamMessageRecord as _bezique_v1_TeamMessageRecord, TeamMessageRecord__Output as _bezique_v1_TeamMessageRecord__Output } from '../../bezique/v1/TeamMessageRecord';
import type { Long } from '@grpc/proto-loader';

/**
 * GameRecord is a finished game: enough to replay it (rules, seed or stacked deal, actions).
 */
export interface GameRecord {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * rules are the rules, effective options included.
   */
  'rules'?: (_bezique_v1_Rules | null);
  /**
   * seats are who sat where (name, bot name and version).
   */
  'seats'?: (_bezique_v1_SeatInfo)[];
  /**
   * seed_commitment is the commitment published at creation, lowercase hex: SHA-256(seed_salt ||
   * seed), or SHA-256(seed) in a record without seed_salt (made before salts; docs/DEALING.md).
   */
  'seed_commitment'?: (string);
  /**
   * seed is the seed that shuffled every deal, revealed now the game is over.
   */
  'seed'?: (Buffer | Uint8Array | string);
  /**
   * stacked_deal is the stacked first deal, if the table had one.
   */
  'stacked_deal'?: (_bezique_v1_StackedDeal | null);
  /**
   * actions are every action applied, in order.
   */
  'actions'?: (_bezique_v1_RecordedAction)[];
  /**
   * deals are a summary of each deal, in order.
   */
  'deals'?: (_bezique_v1_DealSummary)[];
  /**
   * result is how the game ended, with the final scores and winner side.
   */
  'result'?: (_bezique_v1_GameResult | null);
  /**
   * start_time is when play started.
   */
  'start_time'?: (_google_protobuf_Timestamp | null);
  /**
   * finish_time is when the game ended.
   */
  'finish_time'?: (_google_protobuf_Timestamp | null);
  /**
   * seed_salt is the secret random salt (32 bytes) the referee drew for the table and mixed into
   * seed_commitment, revealed with the seed; empty in records made before salts.
   */
  'seed_salt'?: (Buffer | Uint8Array | string);
  /**
   * dealing_source is where the game's deals came from: a random seed, a seed chosen by the
   * table's creator, or a stacked deal.
   */
  'dealing_source'?: (_bezique_v1_DealingSource);
  /**
   * deals_planned is how many deals the game holds: 0 plays deals until a side reaches the
   * target; n ends the game after deal n whatever the totals (won by the highest total, no
   * winner_side on a tie), so a record of one stacked deal sets 1 and no second deal is shuffled
   * from the seed.
   */
  'deals_planned'?: (number);
  /**
   * team_messages are the messages the members of team seats exchanged (RULES.md §3.5), in the
   * order the referee received them; shown to nobody but the team before the game ended.
   */
  'team_messages'?: (_bezique_v1_TeamMessageRecord)[];
  /**
   * last_seq is the seq of the table's last event (Event.seq, TableInfo.last_seq) as the referee
   * numbered them; 0 in records made before 2026-12-06.
   */
  'last_seq'?: (number | string | Long);
}

/**
 * GameRecord is a finished game: enough to replay it (rules, seed or stacked deal, actions).
 */
export interface GameRecord__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * rules are the rules, effective options included.
   */
  'rules': (_bezique_v1_Rules__Output | null);
  /**
   * seats are who sat where (name, bot name and version).
   */
  'seats': (_bezique_v1_SeatInfo__Output)[];
  /**
   * seed_commitment is the commitment published at creation, lowercase hex: SHA-256(seed_salt ||
   * seed), or SHA-256(seed) in a record without seed_salt (made before salts; docs/DEALING.md).
   */
  'seed_commitment': (string);
  /**
   * seed is the seed that shuffled every deal, revealed now the game is over.
   */
  'seed': (Buffer);
  /**
   * stacked_deal is the stacked first deal, if the table had one.
   */
  'stacked_deal': (_bezique_v1_StackedDeal__Output | null);
  /**
   * actions are every action applied, in order.
   */
  'actions': (_bezique_v1_RecordedAction__Output)[];
  /**
   * deals are a summary of each deal, in order.
   */
  'deals': (_bezique_v1_DealSummary__Output)[];
  /**
   * result is how the game ended, with the final scores and winner side.
   */
  'result': (_bezique_v1_GameResult__Output | null);
  /**
   * start_time is when play started.
   */
  'start_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * finish_time is when the game ended.
   */
  'finish_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * seed_salt is the secret random salt (32 bytes) the referee drew for the table and mixed into
   * seed_commitment, revealed with the seed; empty in records made before salts.
   */
  'seed_salt': (Buffer);
  /**
   * dealing_source is where the game's deals came from: a random seed, a seed chosen by the
   * table's creator, or a stacked deal.
   */
  'dealing_source': (_bezique_v1_DealingSource__Output);
  /**
   * deals_planned is how many deals the game holds: 0 plays deals until a side reaches the
   * target; n ends the game after deal n whatever the totals (won by the highest total, no
   * winner_side on a tie), so a record of one stacked deal sets 1 and no second deal is shuffled
   * from the seed.
   */
  'deals_planned': (number);
  /**
   * team_messages are the messages the members of team seats exchanged (RULES.md §3.5), in the
   * order the referee received them; shown to nobody but the team before the game ended.
   */
  'team_messages': (_bezique_v1_TeamMessageRecord__Output)[];
  /**
   * last_seq is the seq of the table's last event (Event.seq, TableInfo.last_seq) as the referee
   * numbered them; 0 in records made before 2026-12-06.
   */
  'last_seq': (number);
}
