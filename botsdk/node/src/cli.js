'use strict';
// The command line shared by the example bots.
const { parseArgs } = require('node:util');
const { play, tlsCredentials, SeatRefused } = require('./index');

// main parses --server --table --seat --token [--seed] [--tls --ca-file --cert-file --key-file], plays one seat to the end, prints the
// result and sets the exit code (0 on a finished game, 1 when the seat was refused).
async function main(name, makeDecide, argv = process.argv.slice(2)) {
  const usage = `usage: node examples/${name}.js [--server HOST:PORT] --table ID --seat N --token T [--seed S]\n` +
    '    [--tls] [--ca-file CA.pem] [--cert-file CERT.pem --key-file KEY.pem]\n' +
    '  --server defaults to 127.0.0.1:7777, the referee\'s default port\n' +
    '  --tls connects with TLS (Node\'s default roots, or --ca-file); --cert-file/--key-file for mTLS (both imply --tls)';
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { server: { type: 'string', default: '127.0.0.1:7777' }, table: { type: 'string' }, seat: { type: 'string' },
        token: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' },
        tls: { type: 'boolean' }, 'ca-file': { type: 'string' }, 'cert-file': { type: 'string' }, 'key-file': { type: 'string' } },
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
  for (const f of ['table', 'seat', 'token']) {
    if (values[f] === undefined) {
      console.error(`${usage}\nmissing --${f}`);
      process.exitCode = 2;
      return;
    }
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  const cfg = { server: values.server, tableId: values.table, seat: Number(values.seat), token: values.token,
    botName: `node-${name}`, botVersion: '0.1.0' };
  if (values.tls || values['ca-file'] || values['cert-file'] || values['key-file']) {
    cfg.credentials = tlsCredentials({ caFile: values['ca-file'], certFile: values['cert-file'], keyFile: values['key-file'] });
  }
  try {
    const result = await play(cfg, makeDecide(seed));
    const scores = result.scores.map((s) => `side${s.side}=${s.total}`).join(' ');
    console.log(`${name}: game over: ${result.outcome} winner_side=${result.winner_side ?? '-'} ${scores}`);
  } catch (err) {
    if (!(err instanceof SeatRefused)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

module.exports = { main };
