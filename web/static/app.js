// app.js: the pages. The path names the page: / (tables and tournaments), /t/{id} (a table,
// live), /embed/t/{id} (the same, for an iframe), /replay/{id} (a finished game; /embed/replay/{id}
// for an iframe, where an embedded table that has left memory goes), /play/{id}
// (a person's seat; the seat and its token travel in the fragment, which is never sent) and
// /tournaments/{id} (a tournament's standings). An API key comes from the key field in the
// header or from the fragment (#key=…, for an iframe), and is kept for the tab (api.js).
import { apiKey, call, follow, load, setAPIKey } from "./api.js";
import { andList, apply, bySide, cap, CAUSES, cardFace, cardName, draw, esc, fromView, meldName, movesHTML, movesSince, newTable, outcomeText, scoresHTML, scoresText, setClocks, settlementText } from "./table.js";
import { tournament } from "./tournament.js";

const TABLES = "bezique.v1.TableService";
const SEATS = "bezique.v1.SeatService";
const main = document.getElementById("main");

const stateName = (s) => String(s ?? "").replace("TABLE_STATE_", "").toLowerCase();
// seatList names a table's seats side by side, partners together: "north & south v east & west"
// (a partnership game's four names read as four sides beside its two scores: a browser trial).
const seatName = (s) => esc(s.name || s.botName || (s.remote ? "remote" : "bot"));
const seatList = (t) => bySide((t.seats ?? []).map((s) => [Number(s.side ?? 0), seatName(s)]));
const scoreList = (scores) => (scores ?? []).map((s) => Number(s.total ?? 0)).join(" – ");
// sideNames names the seats of a side (SeatInfo.side): "north & south".
const sideNames = (t, side) => (t.seats ?? []).filter((s) => Number(s.side ?? 0) === side).map(seatName).join(" & ");
// resultText is a listed table's scores and, once it has ended, its result with the winners named
// (the list gave the scores alone, and who had won was on the replay's last step): "1230 – 870:
// north won", "forfeit by south (timeout): north won", "no result" for a cancelled or expired table.
function resultText(t) {
  const r = t.result, scores = scoreList(r?.scores ?? t.scores);
  const won = r?.winnerSide !== undefined ? `${sideNames(t, Number(r.winnerSide))} won` : "";
  switch (r?.outcome) {
    case "OUTCOME_COMPLETED":
      return `${scores}: ${won || "drawn"}`;
    case "OUTCOME_FORFEIT": { // no winner when three or more sides played
      const seats = (r.forfeitSeats?.length ? r.forfeitSeats : [r.forfeitSeat]).map((s) => seatName(t.seats?.[Number(s ?? 0)] ?? {}));
      return `${scores}: forfeit by ${andList(seats)}${CAUSES[r.forfeitCause] ? ` (${CAUSES[r.forfeitCause]})` : ""}${won ? `, ${won}` : ""}`;
    }
    case "OUTCOME_CANCELLED": case "OUTCOME_EXPIRED":
      return "no result";
    default:
      return scores;
  }
}

const framed = location.pathname.startsWith("/embed/");

// explain is a failed call in words: for a refused key, what to do about it. doing is what the
// call was for, "show this page" unless said ("start a game": the home page's button said that
// a watcher key was enough).
function explain(err, doing = "show this page") {
  // A seat's token refused (the /play page's link): no API key helps (an integrator's trial was
  // told to enter one).
  if (err.code === "permission_denied" && /(^|: )(join\.)?token: /.test(err.message ?? "")) {
    return `This seat's link does not hold its token, or holds a wrong one: open the link the game's creator gave for the seat. The referee said: ${err.message}`;
  }
  const where = framed ? "add #key=… to this frame's address" : "enter one in the API key field at the top";
  // Without a key (a table that is not public too) the referee answers unauthenticated: a key is
  // what the page needs.
  if (err.code === "unauthenticated") {
    return apiKey()
      ? `The referee refused the API key: ${err.message}. Check it, or ${where}.`
      : `This referee needs an API key to ${doing}: ${where}${doing === "show this page" ? " (a watcher key is enough to watch)" : ""}. The referee said: ${err.message}`;
  }
  if (sharedCards(err)) {
    return "This tournament game is dealt the same cards as another game of the tournament still in play or to be played, so it " +
      "cannot be watched, nor its record read, before that one has ended (only the tournament's host and the referee's admins may). " +
      "This page tries again every 10 seconds.";
  }
  if (err.code === "permission_denied") {
    return `The API key may not do this: ${err.message}`;
  }
  return err.message;
}

// sharedCards reports whether err refuses a tournament's game, or its record, while another game
// dealt the same cards is to be played (docs/TOURNAMENTS.md, "Shared cards"): a club site's
// visitor was shown an empty board and the referee's words with a docs path (a host's trial).
function sharedCards(err) {
  return (err.code === "permission_denied" && /"Shared cards"/.test(err.message ?? "")) ||
    (err.code === "failed_precondition" && /its games share their cards/.test(err.message ?? ""));
}

// SHARED_RETRY_MS is how often a page refused for shared cards (sharedCards) tries again.
const SHARED_RETRY_MS = 10000;

// untilShared calls fn(refused) again, every SHARED_RETRY_MS, while it is refused for shared
// cards, showing why in main meanwhile (once: an alert put back at each try was announced again),
// and returns its value; refused says whether a try was refused before. Any other failure is
// thrown, main emptied of the words that said the page tries again.
async function untilShared(fn) {
  let shown = "";
  for (;;) {
    try {
      return await fn(shown !== "");
    } catch (err) {
      if (!sharedCards(err)) {
        if (shown) main.replaceChildren();
        throw err;
      }
      const words = explain(err);
      if (words !== shown || !main.querySelector(".error")) {
        main.innerHTML = `<p class="error" role="alert">${esc(words)}</p>`;
        shown = words;
      }
      await new Promise((r) => setTimeout(r, SHARED_RETRY_MS));
    }
  }
}

function fail(err) {
  document.getElementById("loading")?.remove();
  main.insertAdjacentHTML("beforeend", `<p class="error" role="alert">${esc(explain(err))}</p>`);
}

// firstLoad makes a page's first calls (fn) through load: after a failure that is not a refusal
// (the referee restarting, a gateway's 503) they are made again, "reconnecting…" showing in the
// loading line meanwhile; a refusal (not_found: no such table) is thrown at once, for fail.
function firstLoad(fn) {
  return load(fn, (cut) => {
    const loading = document.getElementById("loading");
    if (loading) loading.textContent = cut ? "reconnecting…" : "Loading…";
  });
}

// dropFromAddress removes names from the address's fragment frag, without a history entry.
function dropFromAddress(frag, ...names) {
  for (const name of names) frag.delete(name);
  const rest = frag.toString();
  history.replaceState(null, "", location.pathname + location.search + (rest ? `#${rest}` : ""));
}

// takeKeyFromFragment keeps the key of a #key=… fragment and removes it from the address, so
// that it is neither bookmarked nor shown; the fragment is never sent to the server. On a page
// that is not embedded, a key other than the one the tab uses is not taken but returned, for the
// header to offer (keyForm): a link's key replaced the tab's silently, and the tables the person
// then made belonged to the link's key, whose holder could read and cancel them (a web security
// review). An embedded view in a frame takes its frame's key, as its site sets it; one opened as
// a page of its own is not embedded (a link to /embed/…#key= swapped the tab's key: a re-trial).
function takeKeyFromFragment(embedded) {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (!frag.has("key")) return "";
  const key = frag.get("key");
  dropFromAddress(frag, "key");
  if (!embedded && apiKey() && apiKey() !== key) return key;
  setAPIKey(key);
  return "";
}

// SEAT_KEPT prefixes the localStorage item that keeps a table's seat and token until its game ends:
// kept for the tab alone (sessionStorage), a seat was lost with a closed tab, and the referee
// played it to the end (an accessibility review). The home page links the games kept (ownGames).
const SEAT_KEPT = "bezique-seat:";

// keptSeats keeps the seats of SEAT_KEPT. Storage refused (full, or blocked in a frame) keeps nothing
// and fails nothing: it stopped the play page and emptied the home page's list (a browser trial).
const keptSeats = {
  get(id) { try { return JSON.parse(localStorage.getItem(SEAT_KEPT + id) ?? "null"); } catch { return null; } },
  set(id, seat) { try { localStorage.setItem(SEAT_KEPT + id, JSON.stringify(seat)); return true; } catch { return false; } },
  forget(id) { try { localStorage.removeItem(SEAT_KEPT + id); } catch { /* nothing kept */ } },
  ids() {
    try { return Object.keys(localStorage).filter((k) => k.startsWith(SEAT_KEPT)).map((k) => k.slice(SEAT_KEPT.length)); } catch { return []; }
  },
};

// takeSeatFromFragment returns the seat and token the page plays: a #seat=…&token=… fragment's, else
// those this browser keeps for the table, and keep, which the page calls once the referee has
// accepted them (its Welcome): it keeps a fragment's in this browser until the game ends (a
// reload, another tab or the home page's link plays on) and removes them from the address, as
// the key is: a token left there is bookmarked, shared with the address and kept in the history;
// whoever holds it plays the seat. Kept only once accepted: a link with a wrong token replaced the
// one kept, the only copy of a game started from the home page (a web security review). Where the
// browser keeps nothing, the fragment stays, so that a reload plays on.
function takeSeatFromFragment(id) {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.has("token")) {
    const given = { seat: Number(frag.get("seat") ?? 0), token: frag.get("token") };
    const keep = () => {
      // Another seat of the table kept here stays kept (its token may be its only copy: a
      // re-trial); this page plays on with the link, left in the address for a reload.
      const kept = keptSeats.get(id);
      if (kept && kept.seat !== given.seat) return;
      if (keptSeats.set(id, given)) dropFromAddress(frag, "token", "seat");
    };
    return { ...given, keep };
  }
  const kept = keptSeats.get(id);
  return { seat: kept?.seat ?? 0, token: kept?.token ?? "", keep: () => {} };
}

// keyForm draws the header's API key field: the key is kept for the tab, and the page reloads.
// offered is a link's key that the tab did not take (takeKeyFromFragment): the header says so and
// offers it.
function keyForm(offered) {
  const header = document.getElementById("chrome");
  header.insertAdjacentHTML("beforeend", `<form id="keyform">${apiKey()
    ? `<span>API key set</span> <button type="submit" name="forget">Forget the key</button>`
    : `<label>API key <input name="key" type="password" autocomplete="off" spellcheck="false"></label> <button type="submit">Use</button>`}</form>`);
  document.getElementById("keyform").addEventListener("submit", (ev) => {
    ev.preventDefault();
    setAPIKey(apiKey() ? "" : new FormData(ev.target).get("key").trim());
    location.reload();
  });
  if (!offered) return;
  header.insertAdjacentHTML("beforeend", `<p id="keyoffer" role="alert">The link you followed holds another API key than the one this tab uses; this tab goes on with its own. <button type="button">Use the link's key</button></p>`);
  document.querySelector("#keyoffer button").addEventListener("click", () => {
    setAPIKey(offered);
    location.reload();
  });
}

// lobby lists the tables and the tournaments (tournamentList), refreshed every two seconds, and
// starts a game against a bot.
async function lobby() {
  document.title = "Tables – Bézique referee";
  main.innerHTML = `<h1>Tables</h1>
    <form id="newgame"><label>Play against <select name="bot"><option>rulebook</option><option>random</option></select></label>
    <button type="submit">Play a two-handed game</button></form>
    <div id="own"></div><div id="list"></div><p id="status" role="status"></p><h2>Tournaments</h2><div id="tournaments"></div>`;
  document.getElementById("newgame").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    // One game per press: on a slow connection three presses made three tables, two of them left
    // waiting for a person (an accessibility review).
    const button = ev.target.querySelector("button");
    if (button.disabled) return;
    button.disabled = true;
    try {
      const bot = new FormData(ev.target).get("bot");
      const r = await call(`${TABLES}/CreateTable`, { variant: "VARIANT_TWO_HANDED", public: true,
        seats: [{ remote: { name: "you" } }, { builtin: { bot } }], clock: PERSON_CLOCK });
      const tok = r.seatTokens.find((s) => Number(s.seat ?? 0) === 0).token;
      location.assign(`/play/${r.tableId}#seat=0&token=${encodeURIComponent(tok)}`);
    } catch (err) { // said under the button, not under the lists
      button.disabled = false;
      document.getElementById("newgame-error")?.remove();
      ev.target.insertAdjacentHTML("afterend", `<p class="error" id="newgame-error" role="alert">${esc(explain(err, "start a game"))}</p>`);
    }
  });
  const list = document.getElementById("list"), own = document.getElementById("own"), status = document.getElementById("status");
  let shown = "", ownShown = ""; // the lists' HTML as last drawn
  const showList = (html) => { if (html !== shown) list.innerHTML = shown = html; };
  const showOwn = (ids) => {
    const mine = ids.map((id) => `<a href="/play/${esc(id)}">${esc(id)}</a>`).join(", ");
    const html = mine ? `<p class="own">Your games in play: ${mine}</p>` : "";
    if (html !== ownShown) own.innerHTML = ownShown = html;
  };
  // A listing that fails but for a refusal is made again (load), "reconnecting…" showing.
  const reconnecting = (cut) => { status.textContent = cut ? "reconnecting…" : ""; };
  const tournaments = tournamentList(document.getElementById("tournaments"), reconnecting);
  for (;;) {
    try {
      const tables = await homeTables(reconnecting);
      showOwn(ownGames(tables));
      const rows = tables.map((t) => {
        const over = t.state === "TABLE_STATE_FINISHED" || t.state === "TABLE_STATE_CANCELLED" || t.state === "TABLE_STATE_EXPIRED";
        const href = over ? `/replay/${t.tableId}` : `/t/${t.tableId}`;
        return `<tr><td><a href="${href}">${esc(t.tableId)}</a></td><td>${stateName(t.state)}</td>
          <td>${seatList(t)}</td><td>${resultText(t)}</td></tr>`;
      }).join("");
      // Drawn again only when it changed: drawn every 2 s it took the keyboard's focus from its
      // links (an accessibility review).
      showList(rows
        ? `<div class="scroll"><table class="tables"><thead><tr><th scope="col">Table</th><th scope="col">State</th><th scope="col">Seats</th><th scope="col">Result</th></tr></thead><tbody>${rows}</tbody></table></div>`
        : "<p>No tables yet.</p>");
    } catch (err) {
      showOwn(keptSeats.ids().sort()); // a player without an API key is not shown the list, but its own games
      showList(`<p class="error" role="alert">${esc(explain(err))}</p>`);
    }
    await tournaments.show();
    await new Promise((r) => setTimeout(r, 2000));
  }
}

// ownGames returns the ids of the tables whose seat this browser keeps (keptSeats) but those listed
// (homeTables) as ended, whose seats it forgets. A table not listed (past the list's pages, or
// ended before the 50 games it lists) stays: its page says.
function ownGames(tables) {
  const ended = new Set(tables.filter((t) => !ACTIVE_STATES.includes(t.state)).map((t) => t.tableId));
  const ids = [];
  for (const id of keptSeats.ids()) {
    if (ended.has(id)) keptSeats.forget(id);
    else ids.push(id);
  }
  return ids.sort();
}

// PERSON_CLOCK is the clock of a game a person starts from the home page: a minute a decision
// and ten in the bank, for a person reading the hand with a screen reader or on a phone (the
// referee's default, 10 s and 60 s, is a bot's; an accessibility review ran out of it in a deal).
const PERSON_CLOCK = { decisionMs: 60000, bankMs: 600000 };

// HOME_GAMES is how many of the most recently ended tables the home page lists, a tournament's
// games left out (they are on the tournament's page: one of thousands of games filled the list).
const HOME_GAMES = 50;

// ACTIVE_STATES are the states of a table not yet ended.
const ACTIVE_STATES = ["TABLE_STATE_WAITING", "TABLE_STATE_PLAYING", "TABLE_STATE_QUARANTINED"];

// homeTables is what the home page lists: every table waiting, in play or quarantined (they are
// few), newest first, then the HOME_GAMES most recently ended (ListGames, newest first). A call
// that fails but for a refusal is made again (load, onCut told).
async function homeTables(onCut) {
  const active = new Map();
  for (const state of ACTIVE_STATES) {
    const r = await load(() => call(`${TABLES}/ListTables`, { state, pageSize: 1000 }), onCut);
    for (const t of r.tables ?? []) active.set(t.tableId, t);
  }
  const ended = await load(() => call(`${TABLES}/ListGames`, { pageSize: HOME_GAMES, withoutTournamentGames: true }), onCut);
  const newest = [...active.values()].sort((a, b) => Date.parse(b.createTime) - Date.parse(a.createTime));
  return [...newest, ...(ended.games ?? []).filter((t) => !active.has(t.tableId))];
}

// TOURNAMENTS_PAGE is how many of the most recent tournaments the home page shows, and how many
// more each "More" shows.
const TOURNAMENTS_PAGE = 25;

// tournamentList draws into el every running tournament (their pages followed: running ones are
// few) and then the most recent others, newest first: one page of TOURNAMENTS_PAGE, and one more
// page for each press of "More". show() reads them again; its cost is a call for the running ones
// and one per page shown, whatever the number of tournaments the referee has kept. A call that
// fails but for a refusal is made again (load, onCut told).
function tournamentList(el, onCut) {
  let pages = 1;
  const list = async (req, max) => { // up to max pages of ListTournaments, newest first; and whether more remain
    const out = [];
    let pageToken = "";
    for (let i = 0; i < max; i++) {
      const r = await load(() => call("bezique.v1.TournamentService/ListTournaments", { ...req, newestFirst: true, pageToken }), onCut);
      out.push(...(r.tournaments ?? []));
      pageToken = r.nextPageToken ?? "";
      if (!pageToken) break;
    }
    return { out, more: pageToken !== "" };
  };
  const item = (t) => `<li><a href="/tournaments/${esc(t.tournamentId)}">${esc(t.spec?.name || t.tournamentId)}</a>
    ${String(t.state ?? "").replace("TOURNAMENT_STATE_", "").toLowerCase()}, ${Number(t.standings?.played ?? 0)} of ${Number(t.standings?.scheduled ?? 0)} games</li>`;
  const show = async () => {
    try {
      const running = await list({ state: "TOURNAMENT_STATE_RUNNING", pageSize: 1000 }, Infinity);
      const recent = await list({ pageSize: TOURNAMENTS_PAGE }, pages);
      const ids = new Set(running.out.map((t) => t.tournamentId));
      const all = [...running.out, ...recent.out.filter((t) => !ids.has(t.tournamentId))]; // a running one is listed once
      const focused = document.activeElement?.id === "more-tournaments"; // kept on the button drawn again
      el.innerHTML = all.length
        ? `<ul>${all.map(item).join("")}</ul>${recent.more ? `<button type="button" id="more-tournaments">More</button>` : ""}`
        : "<p>No tournaments yet.</p>";
      const more = document.getElementById("more-tournaments");
      more?.addEventListener("click", () => { pages++; show(); });
      if (focused) more?.focus();
    } catch (err) { el.innerHTML = `<p class="error" role="alert">${esc(explain(err))}</p>`; }
  };
  return { show };
}

// header draws a table's heading: its seats, rules and clock in seconds, as the seats' clocks
// (a record, which the replay page draws, has no clock: none is shown rather than "0 s").
function header(info) {
  const c = info.clock;
  const s = (ms) => `${Number(ms ?? 0) / 1000} s`;
  return `<h1>Table ${esc(info.tableId)}</h1>
    <p class="meta">${seatList(info)} · ${esc(String(info.rules?.variant ?? "").replace("VARIANT_", "").toLowerCase().replaceAll("_", "-"))}${c
      ? ` · clock ${s(c.decisionMs)} a decision${c.bankMs !== undefined ? ` + ${s(c.bankMs)} bank` : ""}` : ""}</p>`;
}

// watch shows a table live: its events folded and drawn as they come. A cut stream is opened
// again from the first event not yet folded, "reconnecting…" showing meanwhile (follow). A
// tournament's game refused for shared cards is tried again until it may be watched, or has
// ended and opens as its replay (untilShared).
function watch(id, embedded) {
  return untilShared((refused) => watchOnce(id, embedded, refused));
}

// watchOnce is one try of watch. After a refusal (refused) the page keeps its words until the
// stream's first message: it drew an empty board at each try, its GetTable answered (a re-trial).
async function watchOnce(id, embedded, refused) {
  document.title = `Table ${id} – Bézique referee`;
  const { table: info } = await firstLoad(() => call(`${TABLES}/GetTable`, { tableId: id }));
  const view = document.createElement("div");
  view.innerHTML = `${embedded ? "" : header(info)}<div id="board"></div><p id="status" role="status"></p>`;
  const board = view.querySelector("#board"), status = view.querySelector("#status");
  const t = newTable(info.seats);
  // drawn once shown: a board's clock ticks for as long as the page lives
  const show = () => { if (!view.isConnected) { main.replaceChildren(view); draw(board, t); } };
  if (!refused) show();
  let end = null;
  try {
    await follow(`${TABLES}/WatchTable`, () => ({ tableId: id, clockReports: true, fromSeq: t.seq + 1 }), (m) => {
      show();
      if (m.event) {
        if (Number(m.event.seq ?? 0) <= t.seq) return; // folded before the cut
        apply(t, m.event);
      } else if (m.clockReport) setClocks(t, m.clockReport);
      else return; // a team message: not shown
      draw(board, t);
    }, async () => {
      end = (await call(`${TABLES}/GetTable`, { tableId: id })).table;
      return end.state !== "TABLE_STATE_WAITING" && end.state !== "TABLE_STATE_PLAYING"; // or the stream was cut
    }, (cut) => { status.textContent = cut ? "reconnecting…" : ""; });
  } catch (err) {
    if (err.code !== "failed_precondition") throw err;
    // Over and no longer in memory: its record remains, in a frame as in a page.
    location.replace(embedded ? `/embed/replay/${id}` : `/replay/${id}`);
    return;
  }
  show();
  status.innerHTML = `${embedded ? "" : `<a href="/replay/${id}">Replay this game</a>`}`;
  if (end.result) { t.over = outcomeText(end.result) + settlementText(end.result); draw(board, t); }
}

// replay steps through a finished game: GetReplay's events, folded up to the slider's step.
async function replay(id, embedded) {
  document.title = `Replay ${id} – Bézique referee`;
  const [{ record }, { events }] = await untilShared(() => firstLoad(() => Promise.all([
    call(`${TABLES}/GetRecord`, { tableId: id }), call(`${TABLES}/GetReplay`, { tableId: id })])));
  // deals[i] is the step at which deal i+1 is dealt and its first card not yet played (a long
  // game's slider of thousands of steps was the only way to a deal).
  const deals = [];
  let firstPlay = false; // the last deal's first play is still to come
  events.forEach((ev, i) => {
    if (ev.dealStarted) {
      deals.push(i + 1);
      firstPlay = true;
    } else if (ev.cardPlayed && firstPlay) {
      deals[deals.length - 1] = events[i - 1]?.intervention ? i - 1 : i; // before the referee's play for a seat
      firstPlay = false;
    }
  });
  main.innerHTML = `${embedded ? "" : header({ ...record, tableId: id })}
    <div class="controls"><button id="prev" aria-label="previous step">◀</button>
    <label>Step <input id="step" type="range" min="0" max="${events.length}" value="${events.length}"></label>
    <button id="next" aria-label="next step">▶</button> <output id="at"></output>
    ${deals.length > 1 ? `<label>Deal <select id="deal">${deals.map((_, i) => `<option value="${i}">${i + 1}</option>`).join("")}</select></label>` : ""}</div>
    <div id="board"></div>`;
  const slider = document.getElementById("step"), dealPicker = document.getElementById("deal");
  const redraw = () => {
    const k = Number(slider.value);
    const t = newTable(record.seats);
    t.replay = true; // a record's events say nothing of connections: none is shown
    for (const ev of events.slice(0, k)) apply(t, ev);
    if (k === events.length) t.over = outcomeText(record.result) + settlementText(record.result);
    document.getElementById("at").textContent = `${k} / ${events.length}`;
    if (dealPicker) dealPicker.value = String(Math.max(t.deal - 1, 0));
    draw(document.getElementById("board"), t);
  };
  dealPicker?.addEventListener("change", () => { slider.value = deals[Number(dealPicker.value)]; redraw(); });
  slider.addEventListener("input", redraw);
  document.getElementById("prev").addEventListener("click", () => { slider.value = Number(slider.value) - 1; redraw(); });
  document.getElementById("next").addEventListener("click", () => { slider.value = Number(slider.value) + 1; redraw(); });
  redraw();
}

// cutText is the play page's status while its stream is cut, from the Welcome's failure policy:
// what the referee does if the person is not back within its disconnect grace, or, the grace
// passed (after), does now. A cut said "reconnecting…" alone, and the seat was then played at a
// bot's speed. The page learns of a cut when the referee may not yet have: the grace is a guide.
function cutText(policy, after) {
  if (!policy) return "reconnecting…"; // no Welcome yet: the seat was never joined from here
  const forfeit = policy.onDisconnect === "FAILURE_ACTION_FORFEIT";
  if (after) return forfeit ? "reconnecting… Your side may have forfeited the game." : `reconnecting… ${cap(PLAYED_FOR)}.`;
  return `reconnecting… Not back within ${Number(policy.disconnectGraceMs ?? 0) / 1000} s, ${forfeit ? "your side forfeits the game" : PLAYED_FOR}.`;
}

// PLAYED_FOR is what the referee does for a seat away past its grace (FailurePolicy.on_disconnect
// AUTO_PLAY): "until you are back" alone read as a wait, and a game against bots ended in a
// quarter of a second (a browser trial).
const PLAYED_FOR = "the referee plays each of your turns at once until you are back (a game against bots can end within seconds)";

// leavingText says which seat and side the person plays (the result and the scores name sides)
// and what leaving the play page does to the seat, from the Welcome's failure policy (its
// disconnect grace, then auto-play or a forfeit): a person who closed the tab was not told that
// the referee would play the seat. The game over, the page drops the second sentence.
function leavingText(welcome) {
  const policy = welcome.failurePolicy;
  const grace = Number(policy?.disconnectGraceMs ?? 0) / 1000;
  const then = policy?.onDisconnect === "FAILURE_ACTION_FORFEIT" ? "your side forfeits the game" : PLAYED_FOR;
  return `<p class="meta">You play seat ${Number(welcome.seat ?? 0)}, side ${Number(welcome.side ?? 0)}.<span id="leaving"> Leaving this page leaves your seat: ${grace} s later ${then}.</span></p>`;
}

// actionText is an action that is not a card to click, in words, its cards as the table draws
// them ("meld common marriage K♣ Q♣ (20)"): their ids' copy letters ("KCa QCb") read as debug
// output (a browser trial).
function actionText(a) {
  if (a.meld) return `meld ${meldName(a.meld.meld.kind)} ${(a.meld.meld.cards ?? []).map(cardFace).join(" ")} (${Number(a.meld.meld.points ?? 0)})`;
  if (a.sevenExchange) return `exchange the ${cardName(a.sevenExchange.seven)} for the turn-up${a.sevenExchange.taken ? " " + cardName(a.sevenExchange.taken) : ""}`;
  if (a.sevenDeclare) return `declare the ${cardName(a.sevenDeclare.seven)}`;
  if (a.passMeld) return "pass the meld to my partner";
  if (a.endWindow) return "declare nothing (more)";
  if (a.carteBlanche) return "show carte blanche (no king, queen or jack)";
  return JSON.stringify(a);
}

// play is a person's seat: SeatService.Play's events folded and drawn; a decision request makes
// the legal cards buttons and lists the other legal actions; a choice is sent with Decide. The
// seat's token is all it needs: the heading and seats come from Play's Welcome, not GetTable,
// which a table that is not public refuses without an API key (a platform's player holds none).
// A cut stream joins again with resume_after_seq, the last event folded: the referee sends a
// Welcome, the events missed and the decision request still open ("reconnecting…" meanwhile).
async function play(id) {
  document.title = `Playing ${id} – Bézique referee`;
  const { seat, token, keep } = takeSeatFromFragment(id);
  main.innerHTML = `<div id="heading"></div><div id="board"></div><div id="actions" aria-live="polite"></div><p id="status" role="status"></p><div id="scores"></div><div id="moves"></div>`;
  const board = document.getElementById("board"), actions = document.getElementById("actions"), moves = document.getElementById("moves");
  const scores = document.getElementById("scores");
  let t = null, request = null;
  let cut = false; // the Play stream is being opened again (follow's onCut)
  // since is what happened since the person's last turn, said with the next one and at the game's
  // end (the last-move line said only the last event of the opponent's batch, a draw, and nothing
  // of its card, the trick or its meld: a gap named in an accessibility review); turnFrom is the
  // table's moves made when it was last said, turns how many times it was; said once more at the
  // end (ended), with the final scores: at the game's end event, or at the GameOver of an end
  // without one (it was said twice, the second time after the first turn's moves had been said
  // again: a browser trial).
  let since = "", turnFrom = 0, turns = 0, ended = false;
  const catchUp = (end = "") => {
    const moves = movesSince(t, turnFrom);
    // Counted whether said or not: a first turn with nothing before it (leading the first trick)
    // made the next one's "So far" (a re-trial).
    const said = moves ? `${turns ? "Since your last turn" : "So far"}: ${esc(moves)}.` : "";
    turns++;
    since = said || end ? `<p class="since">${said}${said && end ? " " : ""}${end}</p>` : "";
    turnFrom = t.movesMade;
  };
  const catchUpAtEnd = () => {
    if (ended) return;
    ended = true;
    catchUp(`Final scores: ${esc(scoresText(t))}.`);
  };
  let gone = ""; // what the page says once another page has taken the seat
  let policy = null, cutTimer = 0; // the Welcome's failure policy; the status's countdown while cut
  let actionsShown = null; // the actions region's HTML as last drawn: drawn again only when it changed, and so announced once
  const redraw = () => {
    if (!t) return; // before the Welcome
    // A legal play names one card of each class of interchangeable copies (the same face in the
    // same place and meld history, seen by every seat or not: engine.Game.Legal); a copy not named
    // plays through the first play of its face, place and seen-ness (with three copies of unlike
    // histories, six-pack, maybe another class's: the same face, played). The second A♦ of a
    // hand looked unplayable, and the tabled cards were offered none (from_table was never set: a
    // browser trial); a copy unseen played for a seen one showed that the seat held two (a re-trial).
    const seen = new Set((request?.view?.seats ?? []).filter((sv) => Number(sv.seat ?? 0) === seat)
      .flatMap((sv) => (sv.shownInHand ?? []).map((c) => Number(c.id ?? 0))));
    const byCard = new Map();
    const others = [];
    for (const la of request?.legalActions ?? []) {
      const p = la.action.play;
      if (!p) {
        others.push(la);
        continue;
      }
      const place = p.fromTable ? "table" : "hand", face = `${place}:${p.card.suit}:${p.card.rank}`;
      const seenFace = `${place}:${seen.has(Number(p.card.id ?? 0))}:${p.card.suit}:${p.card.rank}`;
      byCard.set(`${place}:${p.card.id}`, la.actionId);
      if (!byCard.has(seenFace)) byCard.set(seenFace, la.actionId);
      if (!byCard.has(face)) byCard.set(face, la.actionId); // phase 2 of two players lists one copy of a face, seen or not
    }
    draw(board, t, { seat, actions: byCard, seen });
    // Waiting is shown, not read out: said after each of the person's moves, it was read 174 times
    // in a game (a browser trial). The prompt and its choices come first, right under the
    // person's seat, the moves since the last turn after them (four lines of them pushed the
    // prompt below a phone's screen: a re-trial).
    const html = gone || (request
      ? `<p class="prompt">Your turn${byCard.size ? ": choose a card" : ""}.</p>${others.map((la) =>
        `<button class="action" data-action="${esc(la.actionId)}">${esc(actionText(la.action))}</button>`).join("")}${since}`
      : t.over ? since : `<p class="prompt" aria-hidden="true">Waiting for the other seats…</p>`);
    if (html !== actionsShown) actions.innerHTML = actionsShown = html;
    scores.innerHTML = scoresHTML(t);
    moves.innerHTML = movesHTML(t);
    const first = document.querySelector("[data-action]");
    if (first && !document.activeElement?.dataset?.action) {
      // Focusing the first card scrolled to it alone, the prompt below the screen's edge (a
      // re-trial): the prompt is brought into view too.
      first.focus();
      actions.querySelector(".prompt")?.scrollIntoView({ block: "nearest" });
    }
  };
  main.addEventListener("click", async (ev) => {
    const b = ev.target.closest("[data-action]");
    if (!b || !request) return;
    const req = request;
    request = null;
    redraw();
    try {
      await call(`${SEATS}/Decide`, { tableId: id, seat, token, decide: { requestId: req.requestId, actionId: Number(b.dataset.action) } });
    } catch (err) {
      // The network failed, or the seat had no stream while the page opened it again (the
      // referee frozen: the old stream given up, the new one not yet joined, an outside trial's
      // lasting alert): the request is still open, or comes again after the Welcome; choose again.
      const between = cut || (err.code === "failed_precondition" && err.message.includes("has no stream"));
      if (err.code && !between) fail(err);
      else { request ??= req; redraw(); }
    }
  });
  const status = document.getElementById("status");
  const join = { tableId: id, seat, token, botName: "browser", botVersion: "1", protocolVersion: 1 };
  try {
    await follow(`${SEATS}/Play`, () => ({ join: { ...join, resumeAfterSeq: t?.seq ?? 0 } }), (m) => {
      const msg = m.message ?? {};
      if (msg.welcome) {
        keep(); // the referee took the seat's token
        request = null; // a request still open comes again after the Welcome
        policy = msg.welcome.failurePolicy;
        if (!t?.seq) { // else this Welcome resumes after t.seq, and the events missed follow it
          document.getElementById("heading").innerHTML = header(msg.welcome) + leavingText(msg.welcome);
          t = newTable(msg.welcome.seats);
          turnFrom = turns = 0;
          fromView(t, msg.welcome.snapshot ?? {});
          t.seq = Number(msg.welcome.lastSeq ?? 0);
        }
      } else if (!t) return;
      else if (msg.event) {
        if (Number(msg.event.seq ?? 0) <= t.seq) return; // folded before the cut
        apply(t, msg.event);
        if (t.over) catchUpAtEnd();
      } else if (msg.decisionRequest) {
        request = msg.decisionRequest;
        catchUp();
        fromView(t, request.view ?? {});
        setClocks(t, { clocks: [{ seat, running: true, decisionMs: request.decisionLeftMs, bankMs: request.bankLeftMs }] });
      } else if (msg.clockReport) setClocks(t, msg.clockReport);
      else if (msg.rejection) fail(new Error(`${msg.rejection.rule}: ${msg.rejection.message}`));
      else if (msg.gameOver) {
        request = null;
        t.over = outcomeText(msg.gameOver.result) + settlementText(msg.gameOver.result);
        catchUpAtEnd();
        keptSeats.forget(id); // the seat is no longer played
        document.getElementById("leaving")?.remove();
      }
      redraw();
    }, async () => Boolean(t?.over), (c) => {
      cut = c;
      clearInterval(cutTimer);
      status.textContent = "";
      if (!c) return;
      // Said once, and once more when the grace has passed; the seconds left are shown, not read
      // out (a live region read every second).
      status.innerHTML = `${esc(cutText(policy, false))}<span aria-hidden="true"></span>`;
      const end = Date.now() + Number(policy?.disconnectGraceMs ?? 0), left = status.lastChild;
      const tick = () => {
        const s = Math.ceil((end - Date.now()) / 1000);
        if (s > 0) left.textContent = ` (${s} s left)`;
        else { clearInterval(cutTimer); status.textContent = cutText(policy, true); }
      };
      tick();
      cutTimer = setInterval(tick, 1000);
    });
  } catch (err) {
    clearInterval(cutTimer);
    status.textContent = "";
    switch (err.code) {
      case "failed_precondition": // over and no longer in memory: its record remains
        keptSeats.forget(id);
        location.replace(`/replay/${id}`);
        return;
      case "aborted": // another page joined the seat: this one's choices would go nowhere (its cards stayed live)
        request = null;
        gone = `<p class="error" role="alert">This seat is now played from another page or device, which joined it after this one: this page no longer plays it. Reload it to take the seat back.</p>`;
        redraw();
        return;
      case "not_found":
        keptSeats.forget(id);
        throw new Error(`No table ${id} on this referee: the link may be for another referee, or the game ended long ago. The referee said: ${err.message}`);
      default:
        throw err;
    }
  }
  status.innerHTML = `<a href="/replay/${id}">Replay this game</a>`;
}

const path = location.pathname.split("/").filter(Boolean);
const offeredKey = takeKeyFromFragment(path[0] === "embed" && window.self !== window.top);
// A key or a seat's token added to the address of a page already open (a frame's src changed
// only in its fragment, a link pasted into the tab) is taken as at a first load.
addEventListener("hashchange", () => {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.has("key") || frag.has("token")) location.reload();
});
keyForm(offeredKey);
const routes = {
  "": () => lobby(),
  t: () => watch(path[1], false),
  embed: () => { document.body.classList.add("embed"); return path[1] === "replay" ? replay(path[2], true) : watch(path[2], true); },
  replay: () => replay(path[1], false),
  play: () => play(path[1]),
  tournaments: () => tournament(main, path[1], firstLoad),
};
(routes[path[0] ?? ""] ?? (() => { main.innerHTML = "<p>No such page.</p>"; }))().catch(fail);
