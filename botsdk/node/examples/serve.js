#!/usr/bin/env node
'use strict';
// serve.js waits in a referee's lobby and plays every game it is given, up to --capacity at once,
// until interrupted or, with --tournament, until that tournament ends:
//   node botsdk/node/examples/serve.js [--server HOST:PORT] [--name NAME | --key K] [--capacity N] [--variants two-handed,...] [--bot random|strategy] [--tournament ID]
//     [--tls] [--tls-ca CA.pem] [--tls-cert CERT.pem --tls-key KEY.pem]
const { parseArgs } = require('node:util');
const { CannotReach, RefereeUnavailable, resultText } = require('../src');
const { serve, LobbyRefused } = require('../src/serve');
const { randomBot, strategyBot } = require('../src/strategy');
const { CONNECTION_OPTIONS, credentialsOf } = require('../src/cli');

async function main() {
  const usage = 'usage: node examples/serve.js [--server HOST:PORT] [--name NAME | --key K] [--capacity N] [--variants two-handed,...] [--bot random|strategy]\n' +
    '    [--tournament ID] [--tls] [--tls-ca CA.pem] [--tls-cert CERT.pem --tls-key KEY.pem]\n' +
    '  --server, --name, --key and --tls-ca default to $BEZIQUE_SERVER (else 127.0.0.1:7777), $BEZIQUE_BOT_NAME (else node-serve),\n' +
    '  $BEZIQUE_KEY and $BEZIQUE_TLS_CA; --tournament serves that tournament only (the bot is one of its entrants) and exits when it ends';
  let values;
  try {
    ({ values } = parseArgs({
      options: { ...CONNECTION_OPTIONS, name: { type: 'string', default: process.env.BEZIQUE_BOT_NAME || 'node-serve' },
        capacity: { type: 'string', default: '1' }, tournament: { type: 'string', default: '' },
        variants: { type: 'string', default: '' }, bot: { type: 'string', default: 'strategy' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    console.error(`${err.message}\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const variants = values.variants.split(',').filter(Boolean).map((v) => `VARIANT_${v.trim().toUpperCase().replaceAll('-', '_')}`);
  const ac = new AbortController();
  process.on('SIGINT', () => ac.abort());
  process.on('SIGTERM', () => ac.abort());
  const who = values.key ? "as its API key's name" : values.name; // with a key the referee names the bot by the key
  console.log(`serving ${who} in the lobby of ${values.server}, capacity ${values.capacity}`);
  try {
    const credentials = credentialsOf(values);
    await serve({ server: values.server, botName: values.name, key: values.key, capacity: Number(values.capacity), variants, tournament: values.tournament, signal: ac.signal, ...(credentials && { credentials }),
      onGameOver: (a, result) => result && console.log(`table ${a.table_id} seat ${a.seat}: game over: ${resultText(result)}`) },
    values.bot === 'random' ? randomBot() : strategyBot);
    if (values.tournament && !ac.signal.aborted) console.log(`tournament ${values.tournament} has ended: serving no more`);
  } catch (err) {
    if (!(err instanceof LobbyRefused || err instanceof CannotReach || err instanceof RefereeUnavailable)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

main();
