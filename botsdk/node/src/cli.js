'use strict';
// The command line shared by the example bots.
const { parseArgs } = require('node:util');
const { play, SeatRefused } = require('./index');

// main parses --server --table --seat --token [--key] [--seed], plays one seat to the end, prints the
// result and sets the exit code (0 on a finished game, 1 when the seat was refused).
async function main(name, makeDecide, argv = process.argv.slice(2)) {
  const usage = `usage: node examples/${name}.js [--server HOST:PORT] --table ID --seat N (--token T | --key K) [--seed S]\n` +
    '  --server defaults to 127.0.0.1:7777, the referee\'s default port; --key (default $BEZIQUE_KEY) is the bot\'s API key';
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { server: { type: 'string', default: '127.0.0.1:7777' }, table: { type: 'string' }, seat: { type: 'string' },
        token: { type: 'string', default: '' }, key: { type: 'string', default: process.env.BEZIQUE_KEY || '' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
  if (!values.token && !values.key) values.token = undefined;
  for (const f of ['table', 'seat', 'token']) {
    if (values[f] === undefined) {
      console.error(`${usage}\nmissing --${f}`);
      process.exitCode = 2;
      return;
    }
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  try {
    const result = await play({ server: values.server, tableId: values.table, seat: Number(values.seat), token: values.token, key: values.key,
      botName: `node-${name}`, botVersion: '0.1.0' }, makeDecide(seed));
    const scores = result.scores.map((s) => `side${s.side}=${s.total}`).join(' ');
    console.log(`${name}: game over: ${result.outcome} winner_side=${result.winner_side ?? '-'} ${scores}`);
  } catch (err) {
    if (!(err instanceof SeatRefused)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

module.exports = { main };
