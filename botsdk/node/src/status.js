'use strict';
// retryDelayMs: how long a refusal asks the client to wait, from its google.rpc.RetryInfo detail.
// The referee refuses a call over a rate limit with RESOURCE_EXHAUSTED and the details of
// google.rpc's error model (docs/SECURITY.md): a QuotaFailure and a RetryInfo, carried in the
// grpc-status-details-bin trailer as a serialized google.rpc.Status. @grpc/grpc-js does not parse
// it, so the two messages read here are declared for protobufjs with the field numbers of
// google/rpc/status.proto and error_details.proto (and google.protobuf's Any and Duration).

const { need } = require('./need');
const protobuf = need('protobufjs');

// DETAILS_KEY is the trailer that carries the serialized google.rpc.Status.
const DETAILS_KEY = 'grpc-status-details-bin';
const RETRY_INFO_URL = 'type.googleapis.com/google.rpc.RetryInfo';

const root = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        protobuf: {
          nested: {
            Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
            Duration: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
          },
        },
        rpc: {
          nested: {
            Status: {
              fields: {
                code: { type: 'int32', id: 1 },
                message: { type: 'string', id: 2 },
                details: { rule: 'repeated', type: 'google.protobuf.Any', id: 3 },
              },
            },
            RetryInfo: { fields: { retry_delay: { type: 'google.protobuf.Duration', id: 1 } } },
          },
        },
      },
    },
  },
});
const Status = root.lookupType('google.rpc.Status');
const RetryInfo = root.lookupType('google.rpc.RetryInfo');

// retryDelayFromDetails returns the RetryInfo delay, in milliseconds, of a serialized
// google.rpc.Status (the grpc-status-details-bin trailer's value), or 0 when it has none.
function retryDelayFromDetails(buf) {
  if (!buf || buf.length === 0) return 0;
  const st = Status.decode(buf);
  for (const d of st.details) {
    if (d.type_url !== RETRY_INFO_URL) continue;
    const delay = RetryInfo.decode(d.value).retry_delay;
    if (!delay) return 0;
    const seconds = typeof delay.seconds === 'object' ? delay.seconds.toNumber() : Number(delay.seconds || 0);
    return Math.max(0, seconds * 1000 + (delay.nanos || 0) / 1e6);
  }
  return 0;
}

// retryDelayMs returns the RetryInfo delay, in milliseconds, that a call's trailing metadata (a
// grpc-js Metadata, err.metadata of a failed call) carries, or 0 when it carries none.
function retryDelayMs(metadata) {
  for (const v of metadata ? metadata.get(DETAILS_KEY) : []) {
    return retryDelayFromDetails(v);
  }
  return 0;
}

module.exports = { DETAILS_KEY, retryDelayMs, retryDelayFromDetails };
