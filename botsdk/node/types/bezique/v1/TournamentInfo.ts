// Original file: ../../proto/bezique/v1/tournament.proto

import type { TournamentSpec as _bezique_v1_TournamentSpec, TournamentSpec__Output as _bezique_v1_TournamentSpec__Output } from '../../bezique/v1/TournamentSpec';
import type { TournamentState as _bezique_v1_TournamentState, TournamentState__Output as _bezique_v1_TournamentState__Output } from '../../bezique/v1/TournamentState';
import type { Standings as _bezique_v1_Standings, Standings__Output as _bezique_v1_Standings__Output } from '../../bezique/v1/Standings';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp';
import type { AwayBot as _bezique_v1_AwayBot, AwayBot__Output as _bezique_v1_AwayBot__Output } from '../../bezique/v1/AwayBot';
import type { DealingSource as _bezique_v1_DealingSource, DealingSource__Output as _bezique_v1_DealingSource__Output } from '../../bezique/v1/DealingSource';

/**
 * TournamentInfo is a tournament's summary.
 */
export interface TournamentInfo {
  /**
   * tournament_id is the tournament's id.
   */
  'tournament_id'?: (string);
  /**
   * spec is its definition, defaults filled in.
   */
  'spec'?: (_bezique_v1_TournamentSpec | null);
  /**
   * state is where it stands.
   */
  'state'?: (_bezique_v1_TournamentState);
  /**
   * seed_commitment is SHA-256(seed_salt || seed) in lowercase hex, published at creation.
   */
  'seed_commitment'?: (string);
  /**
   * seed is the tournament seed every table's seed derives from; revealed once it has ended.
   */
  'seed'?: (Buffer | Uint8Array | string);
  /**
   * seed_salt is the salt of the commitment; revealed once it has ended.
   */
  'seed_salt'?: (Buffer | Uint8Array | string);
  /**
   * standings are its standings now.
   */
  'standings'?: (_bezique_v1_Standings | null);
  /**
   * create_time is when it was created.
   */
  'create_time'?: (_google_protobuf_Timestamp | null);
  /**
   * finish_time is when it ended.
   */
  'finish_time'?: (_google_protobuf_Timestamp | null);
  /**
   * away_bots are the lobby bots whose games the running tournament puts off now, by bot name:
   * each is away from the lobby, or present but unable to take its seat, within the absence
   * grace (docs/TOURNAMENTS.md, "Absent bots"). Empty when none is, and once it has ended.
   */
  'away_bots'?: (_bezique_v1_AwayBot)[];
  /**
   * dealing_source is where the tournament seed comes from, published at creation:
   * DEALING_SOURCE_RANDOM for one the referee drew, DEALING_SOURCE_CHOSEN_SEED for one an admin
   * gave (then whoever gave it knows every hand of every game); unspecified for a tournament
   * stored before it was recorded. Each of its tables announces the same (Welcome, TableInfo).
   */
  'dealing_source'?: (_bezique_v1_DealingSource);
}

/**
 * TournamentInfo is a tournament's summary.
 */
export interface TournamentInfo__Output {
  /**
   * tournament_id is the tournament's id.
   */
  'tournament_id': (string);
  /**
   * spec is its definition, defaults filled in.
   */
  'spec': (_bezique_v1_TournamentSpec__Output | null);
  /**
   * state is where it stands.
   */
  'state': (_bezique_v1_TournamentState__Output);
  /**
   * seed_commitment is SHA-256(seed_salt || seed) in lowercase hex, published at creation.
   */
  'seed_commitment': (string);
  /**
   * seed is the tournament seed every table's seed derives from; revealed once it has ended.
   */
  'seed': (Buffer);
  /**
   * seed_salt is the salt of the commitment; revealed once it has ended.
   */
  'seed_salt': (Buffer);
  /**
   * standings are its standings now.
   */
  'standings': (_bezique_v1_Standings__Output | null);
  /**
   * create_time is when it was created.
   */
  'create_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * finish_time is when it ended.
   */
  'finish_time': (_google_protobuf_Timestamp__Output | null);
  /**
   * away_bots are the lobby bots whose games the running tournament puts off now, by bot name:
   * each is away from the lobby, or present but unable to take its seat, within the absence
   * grace (docs/TOURNAMENTS.md, "Absent bots"). Empty when none is, and once it has ended.
   */
  'away_bots': (_bezique_v1_AwayBot__Output)[];
  /**
   * dealing_source is where the tournament seed comes from, published at creation:
   * DEALING_SOURCE_RANDOM for one the referee drew, DEALING_SOURCE_CHOSEN_SEED for one an admin
   * gave (then whoever gave it knows every hand of every game); unspecified for a tournament
   * stored before it was recorded. Each of its tables announces the same (Welcome, TableInfo).
   */
  'dealing_source': (_bezique_v1_DealingSource__Output);
}
