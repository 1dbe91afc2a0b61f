// api.js: the referee's API in the Connect protocol (https://connectrpc.com/docs/protocol):
// a unary call is a POST of JSON; a server stream is a POST of one enveloped JSON message,
// answered by enveloped messages (a flag byte, a 4-byte big-endian length, JSON) and an
// end-of-stream envelope (flag 2) that carries the error, if any. Written by hand: the
// connect-web library needs a bundler, and the app has no build step. With an API key set
// (setAPIKey), every call sends it as the gRPC API's header, "Authorization: Bearer <key>".

const STORED = "bezique.key";
let keptKey = ""; // the key when sessionStorage is not available (a sandboxed frame)

// apiKey returns the API key the pages send, or "" for none.
export function apiKey() {
  try {
    return sessionStorage.getItem(STORED) ?? "";
  } catch {
    return keptKey;
  }
}

// setAPIKey keeps key for this browser tab (sessionStorage: gone when the tab closes); "" forgets it.
export function setAPIKey(key) {
  keptKey = key;
  try {
    if (key) sessionStorage.setItem(STORED, key);
    else sessionStorage.removeItem(STORED);
  } catch { /* kept in keptKey for this page only */ }
}

// headers are a call's HTTP headers: the Connect protocol's, the content type and the key.
function headers(contentType) {
  const h = { "Connect-Protocol-Version": "1", "Content-Type": contentType };
  const key = apiKey();
  if (key) h.Authorization = `Bearer ${key}`;
  return h;
}

// APIError is a failed call: code is the Connect code ("not_found"), message the referee's text.
export class APIError extends Error {
  constructor(code, message) {
    super(`${code}: ${message}`);
    this.code = code;
  }
}

// call makes a unary call, method as "bezique.v1.TableService/GetTable", and returns the response.
export async function call(method, req) {
  const resp = await fetch(`/${method}`, {
    method: "POST",
    headers: headers("application/json"),
    body: JSON.stringify(req),
  });
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new APIError(body.code || `http_${resp.status}`, body.message || resp.statusText);
  return body;
}

// stream opens a server stream and calls onMessage with each message; it resolves when the
// stream ends and rejects with an APIError when the stream ends with one, or ("unavailable") when
// it has carried nothing for quietMs (0: no limit) or the page was left or frozen (pagehide, and
// freeze, which Chrome on Android sends a tab it puts in the background: a page kept in the
// browser's back/forward cache kept its streams open, and a frozen one holds them with its timers
// stopped, so a person who left the play page still held the seat, and the referee never started
// its disconnect grace: a platform's trial and its re-trial; follow opens the stream again when
// the page runs again).
export async function stream(method, req, onMessage, quietMs) {
  const abort = new AbortController();
  let quiet;
  const heard = () => {
    clearTimeout(quiet);
    if (quietMs) quiet = setTimeout(() => abort.abort(new APIError("unavailable", `the stream carried nothing for ${quietMs / 1000} s`)), quietMs);
  };
  const left = () => abort.abort(new APIError("unavailable", "the page was left or frozen"));
  addEventListener("pagehide", left);
  document.addEventListener("freeze", left);
  heard();
  try {
    return await read(method, req, onMessage, abort.signal, heard);
  } catch (e) {
    // Cut for its silence: the abort's reason, whatever the body's reader rejected with (Chromium
    // rejects with "BodyStreamBuffer was aborted" now and then: a CI run).
    throw abort.signal.aborted ? abort.signal.reason : e;
  } finally {
    clearTimeout(quiet);
    removeEventListener("pagehide", left);
    document.removeEventListener("freeze", left);
  }
}

// read is stream's call: it calls heard whenever bytes arrive.
async function read(method, req, onMessage, signal, heard) {
  const json = new TextEncoder().encode(JSON.stringify(req));
  const frame = new Uint8Array(5 + json.length);
  new DataView(frame.buffer).setUint32(1, json.length);
  frame.set(json, 5);
  const resp = await fetch(`/${method}`, {
    method: "POST",
    headers: headers("application/connect+json"),
    body: frame,
    signal,
  });
  if (!resp.ok) {
    const body = await resp.json().catch(() => ({}));
    throw new APIError(body.code || `http_${resp.status}`, body.message || resp.statusText);
  }
  const reader = resp.body.getReader();
  let buf = new Uint8Array(0);
  for (;;) {
    const { done, value } = await reader.read();
    heard();
    if (value) {
      const joined = new Uint8Array(buf.length + value.length);
      joined.set(buf);
      joined.set(value, buf.length);
      buf = joined;
    }
    while (buf.length >= 5) {
      const view = new DataView(buf.buffer, buf.byteOffset);
      const flags = view.getUint8(0);
      const len = view.getUint32(1);
      if (buf.length < 5 + len) break;
      const msg = JSON.parse(new TextDecoder().decode(buf.subarray(5, 5 + len)));
      buf = buf.subarray(5 + len);
      if (flags & 2) {
        if (msg.error) throw new APIError(msg.error.code, msg.error.message || "");
        return;
      }
      onMessage(msg);
    }
    if (done) {
      throw new APIError("unavailable", "the stream ended without its end message");
    }
  }
}

// REFUSALS are the codes that end a stream for good; any other failure is a cut (the network, a
// proxy that ends idle streams, a referee restarted or its table taken over by another).
const REFUSALS = new Set(["failed_precondition", "not_found", "permission_denied", "unauthenticated",
  "invalid_argument", "unimplemented", "aborted"]);

// backoff is the wait between two attempts of follow and load: 0.5 s doubling to 4 s, jittered
// (half to all of it); reset after an attempt that got through. Up to 10 s, a person's seat came
// back 5 s after the network, 2 s within a 15 s disconnect grace (a browser trial).
function backoff() {
  let wait = 500;
  return {
    reset() { wait = 500; },
    async sleep() {
      await new Promise((r) => setTimeout(r, wait * (0.5 + Math.random() / 2)));
      wait = Math.min(wait * 2, 4_000);
    },
  };
}

// load makes a page's first calls, fn (async, resolving to what the page draws from), and makes
// them again after a failure that is not a refusal (REFUSALS): the network, a referee restarting,
// a gateway's 503. It calls onCut(true) before the first wait (follow's back-off) and onCut(false)
// once fn got through after one. It resolves to fn's result and rejects with the APIError of a
// refusal at once (not_found: no such table).
export async function load(fn, onCut) {
  const b = backoff();
  let cut = false;
  for (;;) {
    try {
      const r = await fn();
      if (cut) onCut(false);
      return r;
    } catch (err) {
      if (REFUSALS.has(err.code)) throw err;
    }
    if (!cut) { cut = true; onCut(true); }
    await b.sleep();
  }
}

// HEARTBEAT_MS is the heartbeat follow asks of its streams (heartbeatMs); a stream that carries
// nothing for three of them is taken as cut: a connection can die without a word (a laptop
// asleep, a phone changing networks), and a proxy may end streams it finds quiet.
const HEARTBEAT_MS = 20000;

// follow keeps a server stream open through cuts. It opens it with req(), a request that asks
// only for what was not yet seen, with heartbeats (HEARTBEAT_MS), and calls onMessage with each
// message but the heartbeats. When the stream is cut, falls quiet for three heartbeats,
// or ends while ended() (async) says the game goes on, it calls onCut(true), waits 0.5 s
// doubling to 10 s (jittered, back to 0.5 s once a message came) and opens it again; at the
// first message after a cut it calls onCut(false). It resolves when ended() says so and
// rejects with the APIError of a refusal (REFUSALS).
export async function follow(method, req, onMessage, ended, onCut) {
  const b = backoff();
  let cut = false;
  for (;;) {
    try {
      await stream(method, { ...req(), heartbeatMs: HEARTBEAT_MS }, (m) => {
        b.reset();
        if (cut) { cut = false; onCut(false); }
        if (!m.heartbeat) onMessage(m);
      }, 3 * HEARTBEAT_MS);
      if (await ended()) return;
    } catch (err) {
      if (REFUSALS.has(err.code)) throw err;
    }
    if (!cut) { cut = true; onCut(true); }
    await b.sleep();
  }
}
