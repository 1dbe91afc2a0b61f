'use strict';
// Tests of retryDelayMs: the RetryInfo delay read from a refusal's grpc-status-details-bin.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const { DETAILS_KEY, retryDelayFromDetails } = require('../src/status');
const { retryDelayMs } = require('../src');

// The serialized google.rpc.Status of three refusals as the referee sends them (service.statusOf:
// two rate limits, a table moving; service's TestStatusFixtures keeps the files current).
const fixture = (name) => Buffer.from(fs.readFileSync(path.join(__dirname, '..', '..', 'testdata', name), 'utf8').trim(), 'hex');

test('retryDelayFromDetails: the RetryInfo delay in milliseconds', () => {
  assert.equal(retryDelayFromDetails(fixture('status-retry-1.5s.hex')), 1500);
  assert.equal(retryDelayFromDetails(fixture('status-moving.hex')), 1000);
  assert.equal(retryDelayFromDetails(fixture('status-no-retry.hex')), 0);
  assert.equal(retryDelayFromDetails(undefined), 0);
});

test('retryDelayMs: read from the trailing metadata of a failed call', () => {
  const md = new grpc.Metadata();
  assert.equal(retryDelayMs(md), 0);
  md.set(DETAILS_KEY, fixture('status-retry-1.5s.hex'));
  assert.equal(retryDelayMs(md), 1500);
  assert.equal(retryDelayMs(undefined), 0);
});
