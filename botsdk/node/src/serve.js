'use strict';
// Serve mode: wait in the referee's lobby (LobbyService.Serve) and play every game it assigns.
// It mirrors the Go SDK (botsdk.Serve) and the Python one (bezique_bot.serve).

const { need } = require('./need');
const grpc = need('@grpc/grpc-js');
const protoLoader = need('@grpc/proto-loader');
const { play, authMetadata, retryable, retryDelayMs, fromReferee, Reconnect, newClient, DEFAULT_PROTO_DIR, DEFAULT_TAKEOVER_WAIT_MS } = require('./index');

// LOADER_OPTIONS are index.js's: snake_case fields, enums as names, oneofs named by `kind`.
const LOADER_OPTIONS = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true };

const cache = new Map();

// loadLobby returns the bezique.v1 package with LobbyService, loaded from protoDir.
function loadLobby(protoDir = DEFAULT_PROTO_DIR) {
  if (!cache.has(protoDir)) {
    const def = protoLoader.loadSync(['bezique/v1/lobby_service.proto'], { ...LOADER_OPTIONS, includeDirs: [protoDir] });
    cache.set(protoDir, grpc.loadPackageDefinition(def).bezique.v1);
  }
  return cache.get(protoDir);
}

// LobbyRefused is thrown by serve when the referee refuses the bot for good: a bad request
// (capacity, variants, name), a key whose role is not bot, or a newer Serve of the same bot (ABORTED).
class LobbyRefused extends Error {
  constructor(code, details) {
    super(`bezique-bot: lobby: ${grpc.status[code]}: ${details}`);
    this.name = 'LobbyRefused'; // printed before the message, as an Error's class
    this.code = code;
    this.details = details;
  }
}

// serve enters the bot into the referee's lobby and plays every game the referee assigns to it
// through play(), concurrently up to cfg.capacity. When the lobby stream is lost it dials in
// again with exponential backoff; the referee then announces again the games still in play, and
// those already being played are not joined twice. It resolves when cfg.signal (an AbortSignal)
// aborts, and when the tournament it serves (cfg.tournament) ends (ServeResponse.tournament_ended,
// or a Serve refused FAILED_PRECONDITION "has ended" after the referee had let the bot in: it ended
// while the bot was away), once the games in play have ended; it rejects with LobbyRefused when the referee
// refuses the bot, with CannotReach when the referee never answered in cfg.connectAttempts
// tries (5; once it has, it dials in again without limit), and with RefereeUnavailable when it
// answered UNAVAILABLE for cfg.takeoverWaitMs (30000) before the first message. cfg: { server, botName? ('node-bot': the bot's name in the lobby without a
// key; with one, the key's name), botVersion?, capacity? (1), variants? (['VARIANT_TWO_HANDED',
// ...]; empty: every variant), tournament? (the id of the tournament served: the lobby stream is
// served by the referee that runs it, and follows it when it moves), key?, signal?,
// onGameOver?(assigned, result, err), and play()'s
// options (maxBackoffMs, connectAttempts, takeoverWaitMs, safetyMarginMs, onWelcome, onEvent, logger, protoDir, credentials)
// for every game: onWelcome and onEvent are called for every game's, from several games at once;
// onEvent(event, welcome) gets the Welcome of the event's game }.
// decide is called for every game's requests, from several games at once when capacity > 1.
async function serve(cfg, decide) {
  const c = { botName: 'node-bot', botVersion: '0.1.0', capacity: 1, variants: [], tournament: '', maxBackoffMs: 5000, connectAttempts: 5, takeoverWaitMs: DEFAULT_TAKEOVER_WAIT_MS, logger: console,
    protoDir: DEFAULT_PROTO_DIR, credentials: grpc.credentials.createInsecure(), ...cfg };
  c.botName = String(c.botName).trim(); // as play's: a name read from a file ends with a newline
  const variants = c.variants.map(variantName);
  const pkg = loadLobby(c.protoDir);
  const client = newClient(pkg.LobbyService, c);
  const playing = new Map(); // "table/seat/member" -> the game's promise
  const stopped = () => c.signal && c.signal.aborted;
  const start = (a) => {
    const key = `${a.table_id}/${a.seat}/${a.member || 0}`;
    if (playing.has(key)) return;
    const game = play({ ...cfg, tableId: a.table_id, seat: a.seat, member: a.member || 0, token: a.token, botName: c.botName, botVersion: c.botVersion }, decide)
      .then((result) => c.onGameOver && c.onGameOver(a, result, null),
        (err) => {
          // The SDK's errors start "bezique-bot: " already (it read "bezique-bot: table … seat 1: bezique-bot: ABORTED …").
          c.logger.error(`bezique-bot: table ${a.table_id} seat ${a.seat}: ${String(err.message).replace(/^bezique-bot: /, '')}`);
          if (c.onGameOver) c.onGameOver(a, null, err);
        })
      .finally(() => playing.delete(key));
    playing.set(key, game);
  };
  const session = () => new Promise((resolve) => {
    let progressed = false;
    const call = client.Serve({ name: c.key ? '' : c.botName, version: c.botVersion, capacity: c.capacity, variants, tournament_id: c.tournament },
      authMetadata(c.key));
    const abort = () => call.cancel();
    if (c.signal) c.signal.addEventListener('abort', abort, { once: true });
    let settled = false;
    const done = (out) => {
      if (settled) return;
      settled = true;
      if (c.signal) c.signal.removeEventListener('abort', abort);
      call.removeAllListeners('data');
      call.on('error', () => {});
      call.cancel();
      resolve({ progressed, ...out });
    };
    call.on('data', (m) => {
      progressed = true;
      if (m.kind === 'game_assigned') start(m.game_assigned);
      if (m.kind === 'tournament_ended') done({ ended: true }); // the stream's last message
    });
    call.on('error', (err) => done({ code: err.code, details: err.details || err.message, retryMs: retryDelayMs(err.metadata), answered: fromReferee(err) }));
    call.on('end', () => done({ code: grpc.status.UNAVAILABLE, details: 'the lobby stream ended' }));
    if (stopped()) abort();
  });
  const retry = new Reconnect(c, 'lobby');
  let admitted = false; // a stream of this call has had a message: the referee let the bot in
  try {
    while (!stopped()) {
      const out = await session();
      admitted = admitted || out.progressed;
      if (stopped() || out.ended) break;
      // The tournament ended while the bot was away (a restart, a lost stream): it missed
      // tournament_ended, and its Serve is refused "has ended".
      if (admitted && c.tournament && out.code === grpc.status.FAILED_PRECONDITION) break;
      if (!retryable(out.code)) throw new LobbyRefused(out.code, out.details);
      await retry.wait(client, retry.next(out), out, stopped);
    }
    await Promise.all(playing.values());
  } finally {
    client.close();
  }
}

// VARIANTS are the variants' names as the command line writes them.
const VARIANTS = ['two-handed', 'three-handed', 'four-handed', 'four-handed-individual', 'rubicon', 'six-pack'];

// variantName is the enum name of a variant given as its name ('VARIANT_TWO_HANDED') or as the
// command line's ('two-handed'). It throws naming v for anything else: grpc-js sent an unknown
// name as VARIANT_UNSPECIFIED, and the referee's refusal did not say what was given (a bot
// author's trial).
function variantName(v) {
  const name = typeof v === 'string' && !v.startsWith('VARIANT_') ? `VARIANT_${v.toUpperCase().replace(/-/g, '_')}` : v;
  if (VARIANTS.some((n) => `VARIANT_${n.toUpperCase().replace(/-/g, '_')}` === name)) return name;
  throw new TypeError(`bezique-bot: variants: ${JSON.stringify(v)} is not a variant: want one of ${VARIANTS.join(', ')} (or 'VARIANT_TWO_HANDED', ...)`);
}

module.exports = { serve, loadLobby, LobbyRefused, variantName };
