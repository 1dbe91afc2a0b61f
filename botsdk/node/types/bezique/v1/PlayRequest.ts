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
  /**
   * heartbeat_ms asks for a heartbeat message when the stream opens (unless another message comes
   * first) and whenever it has sent nothing for this many milliseconds: 0 (the default) sends
   * none, else 1 000 to 600 000. A proxy that ends streams
   * quiet for a while (Envoy's stream idle timeout, 5 minutes by default; nginx's
   * proxy_read_timeout, 60 s) keeps them open, and a client that hears nothing for a few
   * heartbeats knows its connection is gone.
   */
  'heartbeat_ms'?: (number);
}

/**
 * PlayRequest joins a seat for Play.
 */
export interface PlayRequest__Output {
  /**
   * join claims the seat, as Connect's first message does.
   */
  'join': (_bezique_v1_Join__Output | null);
  /**
   * heartbeat_ms asks for a heartbeat message when the stream opens (unless another message comes
   * first) and whenever it has sent nothing for this many milliseconds: 0 (the default) sends
   * none, else 1 000 to 600 000. A proxy that ends streams
   * quiet for a while (Envoy's stream idle timeout, 5 minutes by default; nginx's
   * proxy_read_timeout, 60 s) keeps them open, and a client that hears nothing for a few
   * heartbeats knows its connection is gone.
   */
  'heartbeat_ms': (number);
}
