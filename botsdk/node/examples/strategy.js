#!/usr/bin/env node
'use strict';
// strategy.js plays a seat with the SDK's simple greedy strategy (src/strategy.js):
//   node botsdk/node/examples/strategy.js --server HOST:PORT --table ID --seat N --token T
const { main } = require('../src/cli');
const { strategyBot } = require('../src/strategy');

main('strategy', () => strategyBot);
