'use strict';
// @bezique-arena/bezique-bot: the Node SDK for Bézique bots. A bot is one decision function,
// decide(view, legalActions, decision) -> actionId (or a Promise of it; decision, a Decision, is
// the request's clock and the game's table, side and rules); play() joins the seat, answers
// pings, answers every decision request by its request_id before its deadline, and reconnects and
// resumes (resume_after_seq) after a lost connection, re-sending the same answer when the referee
// asks again. It mirrors the Go SDK (botsdk.Play) and the Python one (bezique_bot.play).

const fs = require('node:fs');
const path = require('node:path');
const { need } = require('./need');
const grpc = need('@grpc/grpc-js');
const protoLoader = need('@grpc/proto-loader');
const { retryDelayMs } = require('./status');
const { expandView } = require('./cards');
const { Decision } = require('./decision');

const PROTOCOL_VERSION = 1;

// DEFAULT_PROTO_DIR is the repository's proto/ directory; BEZIQUE_PROTO_DIR overrides it.
const DEFAULT_PROTO_DIR = process.env.BEZIQUE_PROTO_DIR || path.resolve(__dirname, '..', '..', '..', 'proto');

// LOADER_OPTIONS are how messages look in JavaScript: field names as in the .proto (snake_case),
// 64-bit integers as Numbers (request ids and seqs stay far below 2^53), enums as their names
// ('SUIT_HEARTS'), unset fields at their defaults, and each oneof's set field named by a virtual
// field (msg.kind === 'decision_request').
const LOADER_OPTIONS = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true };

const cache = new Map();

// load returns the bezique.v1 package (its services and message types) loaded from protoDir.
function load(protoDir = DEFAULT_PROTO_DIR) {
  if (!cache.has(protoDir)) {
    const def = protoLoader.loadSync(['bezique/v1/seat_service.proto', 'bezique/v1/table_service.proto', 'bezique/v1/key_service.proto'],
      { ...LOADER_OPTIONS, includeDirs: [protoDir] });
    cache.set(protoDir, grpc.loadPackageDefinition(def).bezique.v1);
  }
  return cache.get(protoDir);
}

// authMetadata returns the gRPC metadata that sends an API key, "authorization: Bearer <key>"
// (docs/SECURITY.md); empty for no key. The key is sent without surrounding whitespace, which a key
// never holds: a newline that a key file or a Kubernetes Secret left in $BEZIQUE_KEY made grpc-js
// throw ("Metadata string value … contains illegal characters", quoting the key), and spaces had
// the referee refuse it as an unknown key.
function authMetadata(key) {
  const md = new grpc.Metadata();
  key = (key ?? '').trim();
  if (key) md.set('authorization', `Bearer ${key}`);
  return md;
}

// FINAL_CODES are the status codes after which reconnecting cannot help (as in the Go SDK).
const FINAL_CODES = new Set([grpc.status.NOT_FOUND, grpc.status.PERMISSION_DENIED, grpc.status.UNAUTHENTICATED, grpc.status.INVALID_ARGUMENT,
  grpc.status.FAILED_PRECONDITION, grpc.status.ABORTED, grpc.status.UNIMPLEMENTED]);

// retryable reports whether a session that ended with this status code is worth reconnecting for.
function retryable(code) {
  return !FINAL_CODES.has(code);
}

// answerBy is when (in Date.now() milliseconds) the SDK answers for a decide still running: the
// deadline less the safety margin, or less a quarter of the time from receipt to the deadline when
// that is shorter (a 300 ms clock leaves decide 225 ms, not 100).
function answerBy(deadlineMs, receivedMs, marginMs) {
  return deadlineMs - Math.min(marginMs, Math.max(deadlineMs - receivedMs, 0) / 4);
}

// actionIdOf is the action id that decide's answer names: a number, a string of one ('3'), or a
// LegalAction (its action_id); anything else as it is, which no legal action has.
function actionIdOf(choice) {
  if (choice && typeof choice === 'object' && 'action_id' in choice) return choice.action_id;
  if (typeof choice === 'string' && /^\s*\d+\s*$/.test(choice)) return Number(choice);
  return choice;
}

// requestDeadline returns when (in Date.now() milliseconds) the answer to req must be sent at the
// latest: the earlier of the referee's deadline timestamp and the receipt time plus the decision
// time and bank left (which does not depend on the two clocks agreeing).
function requestDeadline(req, receivedMs) {
  const budget = (req.decision_left_ms || 0) + (req.bank_left_ms || 0);
  let at = budget > 0 ? receivedMs + budget : Infinity;
  if (req.deadline) {
    at = Math.min(at, Number(req.deadline.seconds) * 1000 + Math.floor((req.deadline.nanos || 0) / 1e6));
  }
  return at;
}

// SeatRefused is thrown by play when the referee ends the seat for good: a wrong token, an
// unknown table, a finished table, or a newer connection for the seat (ABORTED).
class SeatRefused extends Error {
  constructor(code, details) {
    super(`bezique-bot: ${grpc.status[code]}: ${details}`);
    this.name = 'SeatRefused'; // printed before the message, as an Error's class
    this.code = code;
    this.details = details;
  }
}

// CannotReach is thrown by play when the referee could not be reached in cfg.connectAttempts tries
// (nothing serves the address, or a mistyped one).
class CannotReach extends Error {
  constructor(server, attempts, code, details) {
    // grpc-js ends its details with an empty "Resolution note: " when it has none to give.
    details = String(details).replace(/\s*Resolution note:\s*$/, '');
    super(`bezique-bot: cannot reach ${server} (${attempts} attempts): ${grpc.status[code]}: ${details}`);
    this.name = 'CannotReach'; // printed before the message, as an Error's class
    this.server = server;
    this.attempts = attempts;
  }
}

// RefereeUnavailable is thrown by play (and serve) when, before the first message, the referee
// itself answered UNAVAILABLE for cfg.takeoverWaitMs: the table is moving to another referee
// sharing the store and has not arrived (docs/OPERATIONS.md).
class RefereeUnavailable extends Error {
  constructor(server, waitMs, details) {
    super(`bezique-bot: referee at ${server} answered UNAVAILABLE: ${details} for ${waitMs / 1000}s`);
    this.name = 'RefereeUnavailable'; // printed before the message, as an Error's class
    this.server = server;
    this.waitMs = waitMs;
    this.details = details;
  }
}

// DEFAULT_TAKEOVER_WAIT_MS is cfg.takeoverWaitMs's default: longer than the 10 s in which another
// referee sharing the store takes over a dead referee's tables.
const DEFAULT_TAKEOVER_WAIT_MS = 30000;

// fromReferee reports whether a call's error is a status the referee itself sent (grpc-js gives
// it the response's headers, content-type at least, as metadata), as opposed to one grpc-js made
// up because it reached no referee ("No connection established", empty metadata).
function fromReferee(err) {
  return Boolean(err.metadata) && Object.keys(err.metadata.getMap()).length > 0;
}

// Reconnect is the one retry policy of play and serve between a stream that failed and the next:
// exponential backoff from 100 ms to cfg.maxBackoffMs, at least a refusal's RetryInfo delay.
// Before the first message, a dial that reaches no referee counts towards cfg.connectAttempts
// (CannotReach), while UNAVAILABLE answered by the referee itself (a table moving to another
// referee) is retried for up to cfg.takeoverWaitMs (RefereeUnavailable); a refusal of another
// code with a RetryInfo (a rate limit) and any failure after a first message are retried without
// limit.
class Reconnect {
  constructor(cfg, what) {
    this.cfg = cfg;
    this.what = what; // 'seat 0', 'lobby': how the logs name the stream
    this.backoff = 100;
    this.attempts = 0; // dials that reached no referee, before the first message
    this.refusedSince = null; // when the present run of the referee's UNAVAILABLE answers began
    this.connected = false; // a message, or a refusal with a RetryInfo, has arrived: the referee was reached
    this.woke = false; // the last wait ended early, on a connection made, and no stream has had a message since
  }

  // wait resolves after ms, the wait before the next stream after one that ended with out
  // (next's argument): a refusal the referee sent waits it all; otherwise waitForReferee, ending
  // early on a connection made during it only once until a stream has a message. A server that
  // completed the connection and dropped it at once (another program on the referee's address)
  // had the bot reconnect in a loop, its back-off never waited (a re-trial: 885 lines in 20 s).
  async wait(client, ms, out, stopped) {
    if (out.answered) return sleep(ms);
    const woke = await waitForReferee(client, ms, stopped, !this.woke);
    this.woke = this.woke || woke;
    return undefined;
  }

  // next returns how long to wait, in ms, before the next stream after one that ended with
  // {code, details, progressed, retryMs, answered} (answered: the referee sent the status), or
  // throws the error to give up with.
  next({ code, details, progressed, retryMs = 0, answered = false }) {
    if (progressed) {
      this.backoff = 100;
      this.woke = false;
    }
    const unavailable = answered && code === grpc.status.UNAVAILABLE;
    if (progressed || (retryMs > 0 && code !== grpc.status.UNAVAILABLE)) this.connected = true;
    if (!unavailable) this.refusedSince = null;
    const wait = Math.max(this.backoff, retryMs);
    this.backoff = Math.min(2 * this.backoff, this.cfg.maxBackoffMs);
    const { logger, server } = this.cfg;
    if (this.connected) {
      logger.warn(`bezique-bot: ${this.what}: connection lost (${grpc.status[code]}: ${details}); reconnecting in ${wait} ms`);
    } else if (unavailable) {
      const now = Date.now();
      if (this.refusedSince === null) this.refusedSince = now;
      if (now - this.refusedSince + wait > this.cfg.takeoverWaitMs) throw new RefereeUnavailable(server, this.cfg.takeoverWaitMs, details);
      logger.warn(`bezique-bot: ${this.what}: the referee at ${server} answered UNAVAILABLE (${details}), a table moving to another referee?; ` +
        `trying again in ${wait} ms (${now - this.refusedSince} of ${this.cfg.takeoverWaitMs} ms)`);
    } else {
      this.attempts++;
      if (this.attempts >= this.cfg.connectAttempts) throw new CannotReach(server, this.attempts, code, details);
      logger.warn(`bezique-bot: ${this.what}: cannot reach ${server} (attempt ${this.attempts} of ${this.cfg.connectAttempts}: ` +
        `${grpc.status[code]}); trying again in ${wait} ms`);
    }
    return wait;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// CHANNEL_MAX_BACKOFF_MS caps grpc-js's own wait between two attempts to connect: a bot whose
// referee is down dials it once a second, and notices its return within a second.
const CHANNEL_MAX_BACKOFF_MS = 1000;

// channelOptions are the client options of play() and serve(): grpc-js's own wait between two
// attempts to connect grows from 100 ms to CHANNEL_MAX_BACKOFF_MS (maxBackoffMs when smaller).
// With grpc-js's default (up to 120 s) a join made while the channel waits fails at once with the
// last error, so a bot whose referee was back on its address (restarted in place) kept failing
// "connection refused" for seconds to minutes, whatever maxBackoffMs said (test/restart.test.js).
function channelOptions(maxBackoffMs) {
  return { 'grpc.initial_reconnect_backoff_ms': 100, 'grpc.max_reconnect_backoff_ms': Math.max(100, Math.min(CHANNEL_MAX_BACKOFF_MS, maxBackoffMs)) };
}

// waitForReferee resolves after ms, or, when wake is set, as soon as client's channel connects
// after being down (the referee is back on its address: restarted in place), or when stopped()
// says so; to whether it ended early on a connection. A bot slept its whole backoff (5 s by
// default) after a last failure of the connection grpc-js was waiting out, and was back 5-10 s
// after its referee, past the referee's disconnect grace over a 10 s restart (the Python SDK's
// twin, an operator's trial). A channel connected already (a stream reset on a connection that
// stayed up) waits it all.
function waitForReferee(client, ms, stopped = () => false, wake = true) {
  const channel = client.getChannel();
  const end = Date.now() + ms;
  let down = false;
  return new Promise((resolve) => {
    const look = () => {
      const state = channel.getConnectivityState(wake);
      if (state !== grpc.connectivityState.READY) down = true;
      else if (down && wake) return resolve(true);
      if (stopped() || Date.now() >= end) return resolve(false);
      channel.watchConnectivityState(state, Math.min(end, Date.now() + 100), look);
      return undefined;
    };
    look();
  });
}

// newClient returns the client of Service (pkg.SeatService, pkg.LobbyService) that play() and
// serve() call: at cfg.server, with cfg.credentials and channelOptions(cfg.maxBackoffMs).
// cfg.server loses its surrounding whitespace first, in place, so that the errors name the
// address dialled: one read from a file or a Kubernetes Secret ($BEZIQUE_SERVER, --server) ends
// with a newline, which grpc-js refused ("Could not parse target name"), as it did one padded
// with spaces.
function newClient(Service, cfg) {
  if (typeof cfg.server === 'string') cfg.server = cfg.server.trim();
  if (/^https?:\/\//i.test(cfg.server)) { // grpc-js took the scheme for a resolver's: "Name resolution failed for target dns:http://…"
    throw new Error(`bezique-bot: server ${JSON.stringify(cfg.server)}: want host:port without http:// or https:// (gRPC dials host:port; https is TLS, set on its own)`);
  }
  if (!cfg.server.includes(':') || (cfg.server.startsWith('[') && !cfg.server.includes(']:'))) { // grpc-js dialled 443
    throw new Error(`bezique-bot: server ${JSON.stringify(cfg.server)}: no port: want host:port, the referee's gRPC port (bezique-referee --listen, 7777 by default)`);
  }
  if (!(cfg.credentials instanceof grpc.ChannelCredentials)) {
    // grpc-js said only "Channel credentials must be a ChannelCredentials object" of credentials
    // made by the bot's own copy of @grpc/grpc-js, which its types accept (a bot author's trial).
    throw new TypeError('bezique-bot: credentials: not a ChannelCredentials of the SDK\'s @grpc/grpc-js' +
      (/ChannelCredentials(Impl)?$/.test(cfg.credentials?.constructor?.name ?? '') ? ' (made by another copy of it, in your node_modules)' : '') +
      ': make them with tlsCredentials(), or with the SDK\'s own copy, require(\'@bezique-arena/bezique-bot\').grpc.credentials');
  }
  return new Service(cfg.server, cfg.credentials, channelOptions(cfg.maxBackoffMs));
}

// loggedCount says whether the n-th time a bot's decide failed (from 1) is logged: the 1st, 2nd,
// 4th, 8th... A bot returning no legal action at every request logged one line each time
// (hundreds in a few games: a bot author's trial); every answer so sent is marked a fallback in
// the record and counted in the standings. The Python SDK does the same.
function loggedCount(n) {
  return (n & (n - 1)) === 0;
}

// Player is the state a bot keeps across reconnections; play() is its public face.
class Player {
  constructor(cfg, decide) {
    this.cfg = {
      botName: 'node-bot', botVersion: '0.1.0', maxBackoffMs: 5000, safetyMarginMs: 200, connectAttempts: 5, takeoverWaitMs: DEFAULT_TAKEOVER_WAIT_MS,
      viewMode: 'VIEW_MODE_COMPACT',
      logger: console, protoDir: DEFAULT_PROTO_DIR, credentials: grpc.credentials.createInsecure(), ...cfg,
    };
    // Without surrounding whitespace, which a name read from a file or a Kubernetes Secret ends
    // with and the referee refuses.
    this.cfg.botName = String(this.cfg.botName).trim();
    this.decide = decide;
    this.welcome = {}; // the latest Welcome, for the Decisions
    this.lastSeq = 0;
    this.answers = new Map(); // request_id -> {actionId, fallback}, the last few answered
    this.pending = new Set(); // requests being decided
    this.deciding = null; // {rid, since}: the request decide is busy with, since when (ms)
    this.call = null; // the current stream
    this.chain = Promise.resolve(); // decide is never called concurrently
    this.proposes = false; // a team member whose answers do not count (see answerMsg)
    this.threw = 0; // how many times decide has thrown: the first is logged with its stack
    this.badReturns = 0; // how many times decide has returned no legal action
    this.late = 0; // how many requests were answered for decide at their deadline
    this.unstored = 0; // how many answers the referee could not store (REJECTION_CODE_UNAVAILABLE), each sent again
    // where is what the logs name: the table too, as serve mode plays several games at once
    this.where = `table ${this.cfg.tableId} seat ${this.cfg.seat}${this.cfg.member ? ` member ${this.cfg.member}` : ''}`;
  }

  async run() {
    const pkg = load(this.cfg.protoDir);
    const client = newClient(pkg.SeatService, this.cfg);
    const retry = new Reconnect(this.cfg, this.where);
    try {
      for (;;) {
        const out = await this.session(client);
        if (out.result) return out.result;
        if (!retryable(out.code)) throw new SeatRefused(out.code, out.details);
        await retry.wait(client, retry.next(out), out);
      }
    } finally {
      this.call = null;
      client.close();
    }
  }

  // session runs one stream until the game ends ({result}) or the stream fails ({code, details}).
  session(client) {
    return new Promise((resolve) => {
      const call = client.Connect(authMetadata(this.cfg.key));
      this.call = call;
      let progressed = false;
      let settled = false;
      const done = (out) => {
        if (settled) return;
        settled = true;
        if (this.call === call) this.call = null;
        call.removeAllListeners('data');
        call.on('error', () => {}); // the cancel below reports CANCELLED: nothing listens any more
        call.cancel();
        resolve({ progressed, ...out });
      };
      const handle = (m) => {
        switch (m.kind) {
          case 'welcome':
            this.welcome = m.welcome;
            if (this.lastSeq === 0) this.lastSeq = Number(m.welcome.last_seq);
            // a team member whose answers do not count proposes them (cfg.member; RULES.md §3.5)
            this.proposes = m.welcome.member !== 0 && m.welcome.team_policy === 'TEAM_POLICY_CAPTAIN';
            if (this.cfg.onWelcome) this.cfg.onWelcome(m.welcome);
            break;
          case 'event':
            if (Number(m.event.seq) > this.lastSeq) {
              this.lastSeq = Number(m.event.seq);
              if (this.cfg.onEvent) this.cfg.onEvent(m.event, this.welcome);
            }
            break;
          case 'decision_request':
            this.onRequest(m.decision_request, Date.now());
            break;
          case 'rejection': {
            const r = m.rejection;
            // Sent again every 0.2 s while the referee's store fails: logged the 1st, 2nd, 4th... time.
            const unstored = r.code === 'REJECTION_CODE_UNAVAILABLE';
            if (unstored) this.unstored++;
            if (!unstored || loggedCount(this.unstored)) {
              // Request 0 is no answer's: a message the referee refused (a team message).
              const what = Number(r.request_id) ? `the answer to request ${r.request_id}` : 'a message';
              this.cfg.logger.warn(`bezique-bot: ${this.where}: referee rejected ${what}: ${[r.code, r.rule, r.message].filter(Boolean).join(' ')}` +
                `${r.strikes ? ` (strike ${r.strikes} of ${r.strike_limit || 'no limit'})` : ''}${unstored ? ` (${this.unstored} times so far)` : ''}`);
            }
            const again = this.answers.get(Number(r.request_id));
            if (r.code === 'REJECTION_CODE_UNAVAILABLE' && again !== undefined) {
              // the referee could not store the answer: send it again
              setTimeout(() => call.write(this.answerMsg(Number(r.request_id), again.actionId, again.fallback)), 200);
            }
            break;
          }
          case 'ping':
            call.write({ pong: { nonce: m.ping.nonce } });
            break;
          case 'team_message_relayed':
            if (this.cfg.onTeamMessage) this.cfg.onTeamMessage(m.team_message_relayed);
            break;
          case 'game_over':
            done({ result: m.game_over.result });
            break;
          default:
        }
      };
      call.on('data', (m) => {
        progressed = true;
        // a Batch (sent because the join set batch) carries several messages: each in turn
        for (const one of m.kind === 'batch' ? m.batch.messages : [m]) {
          if (!settled) handle(one);
        }
      });
      call.on('error', (err) => done({ code: err.code, details: err.details || err.message, retryMs: retryDelayMs(err.metadata), answered: fromReferee(err) }));
      call.on('end', () => done({ code: grpc.status.UNAVAILABLE, details: 'stream ended before the game did' }));
      call.write({
        join: {
          table_id: this.cfg.tableId, seat: this.cfg.seat, member: this.cfg.member || 0, token: this.cfg.token, bot_name: this.cfg.botName,
          bot_version: this.cfg.botVersion, protocol_version: PROTOCOL_VERSION, resume_after_seq: this.lastSeq, view_mode: this.cfg.viewMode, batch: true,
        },
      });
    });
  }

  send(msg) {
    if (this.call) this.call.write(msg);
  }

  // onRequest answers a decision request: the same answer again for a request answered before
  // (re-sent after a reconnection), else decide's choice, or the first legal action when decide
  // throws, returns an id not offered, or misses the deadline less the safety margin.
  onRequest(req, receivedMs) {
    const rid = Number(req.request_id);
    if (this.answers.has(rid)) {
      const again = this.answers.get(rid);
      this.send(this.answerMsg(rid, again.actionId, again.fallback));
      return;
    }
    if (this.pending.has(rid)) return; // still deciding: the answer goes to the current stream
    this.pending.add(rid);
    const legal = req.legal_actions || [];
    const ids = new Set(legal.map((la) => la.action_id));
    const fallback = legal.length ? legal[0].action_id : 0;
    try {
      expandView(req.view);
    } catch (err) {
      this.cfg.logger.error(`bezique-bot: ${this.where}: request ${rid}'s compact view cannot be read (${err.message}); answering the first legal action`);
      this.answer(rid, fallback, true);
      return;
    }
    const deadline = requestDeadline(req, receivedMs);
    const due = answerBy(deadline, receivedMs, this.cfg.safetyMarginMs);
    const decision = new Decision(req, this.welcome, due);
    // Without a clock (no deadline, no time left stated) nothing is due: setTimeout(Infinity) would
    // fire at once (Node takes a delay past 2^31-1 ms as 1 ms) and answer every request for decide.
    const timer = !Number.isFinite(due) ? null : setTimeout(() => {
      const busy = this.deciding;
      if (!this.answer(rid, fallback, true)) return;
      // Logged the 1st, 2nd, 4th, 8th... time, as decide's failures are: a slow bot logged two
      // lines a move (82 in 25 s: a bot author's trial).
      if (!loggedCount(++this.late)) return;
      const times = this.late > 1 ? ` (${this.late} times so far)` : '';
      if (busy && busy.rid !== rid) {
        this.cfg.logger.error(`bezique-bot: ${this.where}: decide has not returned for request ${busy.rid} after ${((Date.now() - busy.since) / 1000).toFixed(1)} s, so it never saw request ${rid}; answered request ${rid} with the first legal action${times}`);
      } else {
        // The time it had; how late it is, the decide's end says when it returns: a bot author
        // could not tell a bot slow by a little from one stuck (a Python bot author's trial).
        this.cfg.logger.error(`bezique-bot: ${this.where}: decide missed request ${rid}'s deadline: it had ${(Math.max(due - receivedMs, 0) / 1000).toFixed(2)} s (the request's time less the SDK's margin); answered the first legal action${times}`);
      }
    }, Math.max(due - Date.now(), 0));
    this.chain = this.chain.then(async () => {
      // Answered by the timer while decide was busy with an earlier request: its position is gone.
      if (!this.pending.has(rid)) return;
      // Its answer already due (the event loop was held: the timer has not run yet): the fallback
      // now, not a decide with no time left whose answer the referee would time out, and the next
      // request's after it (one blocking decide cost several moves: a bot author's trial).
      if (Number.isFinite(due) && Date.now() >= due) {
        clearTimeout(timer);
        // Past the deadline itself the referee has timed the seat out: an answer would be refused
        // as stale, and the log said it had been given (a TypeScript bot author's trial).
        const gone = Number.isFinite(deadline) && Date.now() >= deadline;
        if (this.answer(rid, fallback, true)) {
          this.cfg.logger.error(`bezique-bot: ${this.where}: request ${rid}'s answer was due before decide could be called (the event loop was held); ` +
            (gone ? `its deadline had passed too, so the referee has timed the seat out (its failure policy); the first legal action sent is refused as stale` : 'answered the first legal action'));
        }
        return;
      }
      this.deciding = { rid, since: Date.now() };
      let choice;
      let fellBack = false;
      try {
        choice = actionIdOf(await this.decide(req.view, legal, decision));
      } catch (err) {
        // One stack is enough: a bot that throws at every request printed one each time (a bot
        // author's trial); the Python SDK does the same.
        this.threw++;
        if (this.threw === 1) {
          this.cfg.logger.error(`bezique-bot: ${this.where}: decide threw on request ${rid} (${err && err.stack || err}); answering the first legal action`);
        } else if (loggedCount(this.threw)) {
          this.cfg.logger.error(`bezique-bot: ${this.where}: decide threw on request ${rid} (${this.threw} times now; the first stack is above): ${err && err.message || err}; answering the first legal action`);
        }
        choice = fallback;
        fellBack = true;
      } finally {
        this.deciding = null;
      }
      if (!ids.has(choice)) {
        this.badReturns++;
        if (loggedCount(this.badReturns)) {
          this.cfg.logger.error(`bezique-bot: ${this.where}: decide returned action_id ${JSON.stringify(choice)} on request ${rid}, not one of ${ids.size} legal actions (a number, a string of one, or a LegalAction: the action_id of one of legalActions; ${this.badReturns} so far); answering the first legal action`);
        }
        choice = fallback;
        fellBack = true;
      }
      clearTimeout(timer);
      if (Number.isFinite(due) && Date.now() > due && !this.answers.has(rid)) {
        // A decide that does not yield (a synchronous search) holds the event loop: the timer
        // above cannot fire, and the referee times the seat out (a bot author's trial).
        this.cfg.logger.error(`bezique-bot: ${this.where}: decide returned ${((Date.now() - due) / 1000).toFixed(1)} s after request ${rid}'s answer was due, too late for the fallback: it held the event loop (make it yield, await between steps, or search in a worker thread)`);
      }
      if (!this.answer(rid, choice, fellBack) && Number.isFinite(due) && loggedCount(this.late)) {
        this.cfg.logger.warn(`bezique-bot: ${this.where}: decide returned request ${rid}'s choice ${((Date.now() - receivedMs) / 1000).toFixed(2)} s after the request came, ${((Date.now() - due) / 1000).toFixed(2)} s past its deadline; the first legal action had been sent`);
      }
    });
  }

  // answer records and sends the answer of request rid unless it was answered already; fallback
  // marks the SDK's answer for the bot (Decide.fallback).
  answer(rid, actionId, fallback = false) {
    if (this.answers.has(rid)) return false;
    this.pending.delete(rid);
    this.answers.set(rid, { actionId, fallback });
    while (this.answers.size > 16) this.answers.delete(Math.min(...this.answers.keys()));
    this.send(this.answerMsg(rid, actionId, fallback));
    return true;
  }

  // answerMsg is the answer to request rid: a Decide, or a proposal to the team from a member whose
  // answers do not count (cfg.member under TEAM_POLICY_CAPTAIN).
  answerMsg(rid, actionId, fallback) {
    return this.proposes ? { team_message: { proposal_action_id: actionId } } : decideMsg(rid, actionId, fallback);
  }
}

function decideMsg(rid, actionId, fallback) {
  return { decide: { request_id: rid, action_id: actionId, fallback: Boolean(fallback) } };
}

// tlsCredentials returns TLS channel credentials for play's cfg.credentials: they trust the CA
// certificates in the PEM file caFile (undefined: Node's default roots) and, with certFile and
// keyFile, present that client certificate to a referee that requires one (mTLS).
function tlsCredentials({ caFile, certFile, keyFile } = {}) {
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new Error('bezique-bot: a client certificate needs both certFile and keyFile');
  }
  const read = (f) => (f === undefined ? null : fs.readFileSync(f));
  return grpc.credentials.createSsl(read(caFile), read(keyFile), read(certFile));
}

// envConfig returns the options of a bot configured by its environment, to spread into play's or
// serve's cfg ({ ...envConfig(), tableId, seat, token: '' }): server is $BEZIQUE_SERVER (else
// 127.0.0.1:7777), key $BEZIQUE_KEY, botName $BEZIQUE_BOT_NAME when it is set, and credentials,
// when $BEZIQUE_TLS_CA names a PEM file, TLS trusting the CA certificates in it (tlsCredentials;
// without it, plaintext). An empty variable is as one unset (`bezique match --cmd` empties
// $BEZIQUE_TLS_CA: its referee serves plaintext). The Go and Python SDKs read the same variables
// (botsdk.EnvConfig, env_config). It throws, naming the variable, when the CA file cannot be read.
function envConfig(env = process.env) {
  const cfg = { server: env.BEZIQUE_SERVER || '127.0.0.1:7777', key: env.BEZIQUE_KEY || '' };
  if (env.BEZIQUE_BOT_NAME) cfg.botName = env.BEZIQUE_BOT_NAME;
  if (env.BEZIQUE_TLS_CA) {
    try {
      cfg.credentials = tlsCredentials({ caFile: env.BEZIQUE_TLS_CA });
    } catch (err) {
      err.message = `$BEZIQUE_TLS_CA: ${err.message}`;
      throw err;
    }
  }
  return cfg;
}

// play joins the table as the configured seat and plays until the game ends, answering every
// decision request with decide's choice; it resolves to the game's result (bezique.v1.GameResult)
// or rejects with SeatRefused (the seat refused), CannotReach (no answer in connectAttempts
// tries) or RefereeUnavailable (before the first message the referee answered UNAVAILABLE, a
// table moving to another referee, for takeoverWaitMs). cfg: { server: 'host:port', tableId,
// seat, token, key?, botName?, botVersion?, connectAttempts? (5; once connected it reconnects
// without limit; the referee's own UNAVAILABLE does not count), takeoverWaitMs? (30000), maxBackoffMs? (5000),
// safetyMarginMs? (200), onEvent?, onWelcome?, logger? (console), protoDir?, credentials?
// (insecure; tlsCredentials() for TLS), member? (0), onTeamMessage?, viewMode? }. key is the bot's API key: a
// seat bound to the key's bot (RemoteSeat.bot_key_id) needs no token. member is the bot's place in
// a team seat (consultation, RULES.md §3.5); under TEAM_POLICY_CAPTAIN a member other than the
// captain (0) proposes its choice to the team instead of answering; onTeamMessage is called with
// every TeamMessageRelayed of a team mate. viewMode is Join.view_mode: 'VIEW_MODE_COMPACT' (the
// default) asks for the view in its compact form, which play expands (expandView, src/cards.js)
// so that decide sees the full view, exactly as with 'VIEW_MODE_FULL'; 'VIEW_MODE_NONE' asks for
// requests without the view (decide then gets null).
function play(cfg, decide) {
  return new Player(cfg, decide).run();
}

const { outcomeText, resultText } = require('./outcome');
const { cardSuit, cardRank, cardCopy, cardText } = require('./cards');

module.exports = {
  play, tlsCredentials, envConfig, load, authMetadata, retryable, retryDelayMs, requestDeadline, SeatRefused, CannotReach, RefereeUnavailable, Reconnect, fromReferee, Player, outcomeText, channelOptions, newClient,
  resultText, PROTOCOL_VERSION, DEFAULT_PROTO_DIR, DEFAULT_TAKEOVER_WAIT_MS, expandView, cardSuit, cardRank, cardCopy, cardText, answerBy,
  Decision, grpc,
};
// serve and LobbyRefused (serve mode, ./serve, which requires this module) are read when first
// used, so that either module may be required first: a bot takes play and serve from one require
// of the package.
for (const name of ['serve', 'LobbyRefused']) {
  Object.defineProperty(module.exports, name, { enumerable: true, get: () => require('./serve')[name] });
}
