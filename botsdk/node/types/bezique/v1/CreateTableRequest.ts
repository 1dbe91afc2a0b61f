// Original file: ../../proto/bezique/v1/table_service.proto

import type { Variant as _bezique_v1_Variant, Variant__Output as _bezique_v1_Variant__Output } from '../../bezique/v1/Variant';
import type { SeatConfig as _bezique_v1_SeatConfig, SeatConfig__Output as _bezique_v1_SeatConfig__Output } from '../../bezique/v1/SeatConfig';
import type { Clock as _bezique_v1_Clock, Clock__Output as _bezique_v1_Clock__Output } from '../../bezique/v1/Clock';
import type { FailurePolicy as _bezique_v1_FailurePolicy, FailurePolicy__Output as _bezique_v1_FailurePolicy__Output } from '../../bezique/v1/FailurePolicy';
import type { StackedDeal as _bezique_v1_StackedDeal, StackedDeal__Output as _bezique_v1_StackedDeal__Output } from '../../bezique/v1/StackedDeal';
import type { TeamPolicy as _bezique_v1_TeamPolicy, TeamPolicy__Output as _bezique_v1_TeamPolicy__Output } from '../../bezique/v1/TeamPolicy';

/**
 * CreateTableRequest describes the table to create.
 */
export interface CreateTableRequest {
  /**
   * variant is the game to play.
   */
  'variant'?: (_bezique_v1_Variant);
  /**
   * options are rule options named as RULES.md §5 spells them; the engine validates them. The
   * table keeps and shows them in the rule catalog's spelling ("TRUE" becomes "true", "+04" "4";
   * a table or tournament created before 2026-12-07 keeps them as they were typed).
   */
  'options'?: ({[key: string]: string});
  /**
   * seats say who sits at each seat, in seat order; their number must fit the variant.
   */
  'seats'?: (_bezique_v1_SeatConfig)[];
  /**
   * clock is the time control; unset uses the server's default.
   */
  'clock'?: (_bezique_v1_Clock | null);
  /**
   * failure_policy is the failure policy; unset uses the server's default.
   */
  'failure_policy'?: (_bezique_v1_FailurePolicy | null);
  /**
   * seed is the shuffle seed (32 bytes); unset draws a random one. A chosen seed is announced to
   * every seat (dealing_source CHOSEN_SEED).
   */
  'seed'?: (Buffer | Uint8Array | string);
  /**
   * stacked_deal fixes the first deal instead of shuffling it; announced to every seat
   * (dealing_source STACKED).
   */
  'stacked_deal'?: (_bezique_v1_StackedDeal | null);
  /**
   * public lets anyone watch the table without an API key (WatchTable); default false: only
   * callers with a key may watch. Seats never see more than their own cards either way.
   */
  'public'?: (boolean);
  /**
   * team_policy says whose answer counts at the table's team seats (RemoteSeat.team_size > 1);
   * unspecified is TEAM_POLICY_CAPTAIN.
   */
  'team_policy'?: (_bezique_v1_TeamPolicy);
  /**
   * idempotency_key makes the call safe to make again after its answer was lost (a timeout, a
   * dropped connection, UNAVAILABLE): a CreateTable by the same caller (API key; without keys,
   * the same client address) with the same key returns the table the first call created, with
   * its seat tokens, however it has fared since, rather than a second table; with another
   * request, ALREADY_EXISTS naming that table. At most 64 bytes of printable text; empty (the
   * default) creates a table at every call. The key stays the table's for as long as the store
   * keeps it.
   */
  'idempotency_key'?: (string);
  '_seed'?: "seed";
}

/**
 * CreateTableRequest describes the table to create.
 */
export interface CreateTableRequest__Output {
  /**
   * variant is the game to play.
   */
  'variant': (_bezique_v1_Variant__Output);
  /**
   * options are rule options named as RULES.md §5 spells them; the engine validates them. The
   * table keeps and shows them in the rule catalog's spelling ("TRUE" becomes "true", "+04" "4";
   * a table or tournament created before 2026-12-07 keeps them as they were typed).
   */
  'options': ({[key: string]: string});
  /**
   * seats say who sits at each seat, in seat order; their number must fit the variant.
   */
  'seats': (_bezique_v1_SeatConfig__Output)[];
  /**
   * clock is the time control; unset uses the server's default.
   */
  'clock': (_bezique_v1_Clock__Output | null);
  /**
   * failure_policy is the failure policy; unset uses the server's default.
   */
  'failure_policy': (_bezique_v1_FailurePolicy__Output | null);
  /**
   * seed is the shuffle seed (32 bytes); unset draws a random one. A chosen seed is announced to
   * every seat (dealing_source CHOSEN_SEED).
   */
  'seed'?: (Buffer);
  /**
   * stacked_deal fixes the first deal instead of shuffling it; announced to every seat
   * (dealing_source STACKED).
   */
  'stacked_deal': (_bezique_v1_StackedDeal__Output | null);
  /**
   * public lets anyone watch the table without an API key (WatchTable); default false: only
   * callers with a key may watch. Seats never see more than their own cards either way.
   */
  'public': (boolean);
  /**
   * team_policy says whose answer counts at the table's team seats (RemoteSeat.team_size > 1);
   * unspecified is TEAM_POLICY_CAPTAIN.
   */
  'team_policy': (_bezique_v1_TeamPolicy__Output);
  /**
   * idempotency_key makes the call safe to make again after its answer was lost (a timeout, a
   * dropped connection, UNAVAILABLE): a CreateTable by the same caller (API key; without keys,
   * the same client address) with the same key returns the table the first call created, with
   * its seat tokens, however it has fared since, rather than a second table; with another
   * request, ALREADY_EXISTS naming that table. At most 64 bytes of printable text; empty (the
   * default) creates a table at every call. The key stays the table's for as long as the store
   * keeps it.
   */
  'idempotency_key': (string);
  '_seed'?: "seed";
}
