// Original file: ../../proto/bezique/v1/table_service.proto

import type { Long } from '@grpc/proto-loader';

/**
 * WatchTableRequest names the table to watch.
 */
export interface WatchTableRequest {
  /**
   * table_id is the table's id.
   */
  'table_id'?: (string);
  /**
   * delay_ms holds each event back this long (anti-cheating delay for spectators).
   */
  'delay_ms'?: (number);
  /**
   * from_seq is the first event to send; 0 or 1 sends all. Past the table's last event it sends
   * none, and the stream ends with the game (at once for one that has ended): a way to wait for
   * the end alone.
   */
  'from_seq'?: (number | string | Long);
  /**
   * clock_reports asks for WatchTableResponse.clock_report too: every seat's clock whenever the
   * referee starts waiting for a decision (for a page that shows the clocks running).
   */
  'clock_reports'?: (boolean);
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
 * WatchTableRequest names the table to watch.
 */
export interface WatchTableRequest__Output {
  /**
   * table_id is the table's id.
   */
  'table_id': (string);
  /**
   * delay_ms holds each event back this long (anti-cheating delay for spectators).
   */
  'delay_ms': (number);
  /**
   * from_seq is the first event to send; 0 or 1 sends all. Past the table's last event it sends
   * none, and the stream ends with the game (at once for one that has ended): a way to wait for
   * the end alone.
   */
  'from_seq': (number);
  /**
   * clock_reports asks for WatchTableResponse.clock_report too: every seat's clock whenever the
   * referee starts waiting for a decision (for a page that shows the clocks running).
   */
  'clock_reports': (boolean);
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
