// Original file: ../../proto/bezique/v1/seat_service.proto

import type { Join as _bezique_v1_Join, Join__Output as _bezique_v1_Join__Output } from '../../bezique/v1/Join';

/**
 * PlayRequest joins a seat for Play.
 */
export interface PlayRequest {
  /**
   * join claims the seat, as Connect's first message does.
   */
  'join'?: (_bezique_v1_Join | null);
}

/**
 * PlayRequest joins a seat for Play.
 */
export interface PlayRequest__Output {
  /**
   * join claims the seat, as Connect's first message does.
   */
  'join': (_bezique_v1_Join__Output | null);
}
