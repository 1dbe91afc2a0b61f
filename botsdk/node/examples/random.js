#!/usr/bin/env node
'use strict';
// random.js plays a seat by choosing uniformly among the legal actions:
//   node botsdk/node/examples/random.js --server HOST:PORT --table ID --seat N --token T [--seed S]
const { main } = require('../src/cli');
const { randomBot } = require('../src/strategy');

main('random', (seed) => randomBot(seed));
