// Original file: ../../proto/bezique/v1/table.proto

import type { RemoteSeat as _bezique_v1_RemoteSeat, RemoteSeat__Output as _bezique_v1_RemoteSeat__Output } from '../../bezique/v1/RemoteSeat';
import type { BuiltinSeat as _bezique_v1_BuiltinSeat, BuiltinSeat__Output as _bezique_v1_BuiltinSeat__Output } from '../../bezique/v1/BuiltinSeat';

/**
 * SeatConfig says who sits at a seat.
 */
export interface SeatConfig {
  /**
   * remote is a bot that connects through SeatService.
   */
  'remote'?: (_bezique_v1_RemoteSeat | null);
  /**
   * builtin is a bot run by the server.
   */
  'builtin'?: (_bezique_v1_BuiltinSeat | null);
  /**
   * kind is a remote bot or a builtin one.
   */
  'kind'?: "remote"|"builtin";
}

/**
 * SeatConfig says who sits at a seat.
 */
export interface SeatConfig__Output {
  /**
   * remote is a bot that connects through SeatService.
   */
  'remote'?: (_bezique_v1_RemoteSeat__Output | null);
  /**
   * builtin is a bot run by the server.
   */
  'builtin'?: (_bezique_v1_BuiltinSeat__Output | null);
  /**
   * kind is a remote bot or a builtin one.
   */
  'kind'?: "remote"|"builtin";
}
