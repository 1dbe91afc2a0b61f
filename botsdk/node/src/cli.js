'use strict';
// The command line shared by the example bots.
const { parseArgs } = require('node:util');
const { play, SeatRefused } = require('./index');

// main parses --server --table --seat --token [--seed], plays one seat to the end, prints the
// result and sets the exit code (0 on a finished game, 1 when the seat was refused).
async function main(name, makeDecide, argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: { server: { type: 'string' }, table: { type: 'string' }, seat: { type: 'string' }, token: { type: 'string' }, seed: { type: 'string' } },
  });
  for (const f of ['server', 'table', 'seat', 'token']) {
    if (values[f] === undefined) {
      console.error(`usage: node examples/${name}.js --server HOST:PORT --table ID --seat N --token T [--seed S]\nmissing --${f}`);
      process.exitCode = 2;
      return;
    }
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  try {
    const result = await play({ server: values.server, tableId: values.table, seat: Number(values.seat), token: values.token,
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
