'use strict';
// The command line shared by the example bots.
const { parseArgs } = require('node:util');
const { play, tlsCredentials, SeatRefused, CannotReach, RefereeUnavailable, resultText } = require('./index');

// CONNECTION_OPTIONS are the parseArgs options every example takes to reach its referee: --server,
// --key and the TLS flags, --server, --key and --tls-ca defaulting to the environment envConfig
// reads ($BEZIQUE_SERVER, else 127.0.0.1:7777; $BEZIQUE_KEY; $BEZIQUE_TLS_CA), so that a bot given
// them by its operator needs no flag.
const CONNECTION_OPTIONS = {
  server: { type: 'string', default: process.env.BEZIQUE_SERVER || '127.0.0.1:7777' },
  key: { type: 'string', default: process.env.BEZIQUE_KEY || '' },
  tls: { type: 'boolean' },
  'tls-ca': { type: 'string', default: process.env.BEZIQUE_TLS_CA || '' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
};

// credentialsOf returns the TLS credentials that values of CONNECTION_OPTIONS ask for, or
// undefined for plaintext.
function credentialsOf(values) {
  if (!values.tls && !values['tls-ca'] && !values['tls-cert'] && !values['tls-key']) return undefined;
  return tlsCredentials({ caFile: values['tls-ca'] || undefined, certFile: values['tls-cert'], keyFile: values['tls-key'] });
}

// main parses --server --table --seat [--member] --token [--key] [--seed] [--connect-attempts] [--takeover-wait S] [--tls --tls-ca
// --tls-cert --tls-key], plays one seat to the end (a line per deal), prints the result and sets the
// exit code (0 on an ended game, 1 when the seat was refused or the referee could not be reached).
async function main(name, makeDecide, argv = process.argv.slice(2)) {
  const usage = `usage: node examples/${name}.js [--server HOST:PORT] --table ID --seat N [--member M] (--token T | --key K) [--seed S] [--connect-attempts N] [--takeover-wait S]\n` +
    '    [--tls] [--tls-ca CA.pem] [--tls-cert CERT.pem --tls-key KEY.pem]\n' +
    '  --server defaults to $BEZIQUE_SERVER, else 127.0.0.1:7777 (the referee\'s default port); --key (default $BEZIQUE_KEY) is the bot\'s API key\n' +
    '  --takeover-wait (seconds, default 30) is how long to keep joining while the referee answers UNAVAILABLE (a table moving to another referee)\n' +
    '  --tls connects with TLS (Node\'s default roots, or --tls-ca, default $BEZIQUE_TLS_CA); --tls-cert/--tls-key for mTLS (both imply --tls)';
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { ...CONNECTION_OPTIONS, table: { type: 'string' }, seat: { type: 'string' }, token: { type: 'string', default: '' }, seed: { type: 'string' },
        'connect-attempts': { type: 'string', default: '5' }, 'takeover-wait': { type: 'string', default: '30' }, member: { type: 'string', default: '0' }, help: { type: 'boolean', short: 'h' } },
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
  const cfg = { server: values.server, tableId: values.table, seat: Number(values.seat), member: Number(values.member), token: values.token, key: values.key,
    botName: `node-${name}`, botVersion: '0.1.0', connectAttempts: Number(values['connect-attempts']), takeoverWaitMs: 1000 * Number(values['takeover-wait']),
    onEvent: (e) => { // one line per deal (the bot is playing), and one when trump is fixed or a carte blanche shown
      if (e.payload === 'trump_fixed') {
        console.log(`${name}: seat ${e.trump_fixed.seat}'s meld fixes trump: ${e.trump_fixed.trump.replace('SUIT_', '').toLowerCase()}`);
      } else if (e.payload === 'carte_blanche_shown') {
        console.log(`${name}: seat ${e.carte_blanche_shown.seat} shows carte blanche (${e.carte_blanche_shown.points})`);
      } else if (e.payload === 'deal_ended') {
        const scores = e.deal_ended.scores.map((s) => `side ${s.side} ${s.total}`).join(', ');
        console.log(`${name}: deal ${e.deal_ended.deal} ends: ${scores}`);
      }
    },
    onTeamMessage: (m) => console.log(`${name}: team: member ${m.member} proposes action ${m.proposal_action_id || 0} ${m.text}`) };
  const credentials = credentialsOf(values);
  if (credentials) cfg.credentials = credentials;
  try {
    const result = await play(cfg, makeDecide(seed));
    console.log(`${name}: game over: ${resultText(result)}`);
  } catch (err) {
    if (!(err instanceof SeatRefused) && !(err instanceof CannotReach) && !(err instanceof RefereeUnavailable)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

module.exports = { main, CONNECTION_OPTIONS, credentialsOf };
