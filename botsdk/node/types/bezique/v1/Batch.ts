// Original file: ../../proto/bezique/v1/seat_service.proto

import type { ConnectResponse as _bezique_v1_ConnectResponse, ConnectResponse__Output as _bezique_v1_ConnectResponse__Output } from '../../bezique/v1/ConnectResponse';

/**
 * Batch is several messages of the referee to one seat connection that joined with Join.batch,
 * sent as one gRPC message: they are read in order, as if each had come alone. A Batch holds at
 * least two messages and never another Batch.
 */
export interface Batch {
  /**
   * messages are the messages, in the order they were sent.
   */
  'messages'?: (_bezique_v1_ConnectResponse)[];
}

/**
 * Batch is several messages of the referee to one seat connection that joined with Join.batch,
 * sent as one gRPC message: they are read in order, as if each had come alone. A Batch holds at
 * least two messages and never another Batch.
 */
export interface Batch__Output {
  /**
   * messages are the messages, in the order they were sent.
   */
  'messages': (_bezique_v1_ConnectResponse__Output)[];
}
