// tournament.js: a tournament's standings, live (TournamentService.WatchTournament), with the
// entrants' ratings drawn as a plot: each rating μ with its 95 % interval μ ± 1.96σ, as
// stats.PlotRatings draws them (docs/TOURNAMENTS.md § Plots).
import { call, follow } from "./api.js";
import { andList, bySide, esc } from "./table.js";

const n = (v) => Number(v ?? 0);
const Z = 1.96; // a 95 % interval

// unrated reports whether an entrant has no rated game yet: its rating is still OpenSkill's
// start, 25 ± 25/3 (an entrant that forfeited every game unplayed read "25.0 ± 16.3", above
// entrants that had won games: a browser trial).
const unrated = (e) => n(e.rating?.mu) === 25 && Math.abs(n(e.rating?.sigma) - 25 / 3) < 1e-9;

// ratingPlot draws each rated entrant's rating μ as a dot on its 95 % interval, in an SVG.
export function ratingPlot(all) {
  const entrants = all.filter((e) => !unrated(e));
  if (!entrants.length) return "";
  const lo = Math.min(...entrants.map((e) => n(e.rating?.mu) - Z * n(e.rating?.sigma)));
  const hi = Math.max(...entrants.map((e) => n(e.rating?.mu) + Z * n(e.rating?.sigma)));
  const W = 600, left = 120, right = 20, row = 28, H = entrants.length * row + 30;
  const x = (v) => left + ((v - lo) / (hi - lo || 1)) * (W - left - right);
  const rows = entrants.map((e, i) => {
    const mu = n(e.rating?.mu), s = n(e.rating?.sigma), y = 20 + i * row;
    return `<text x="${left - 8}" y="${y + 4}" text-anchor="end">${esc(e.entrant)}</text>
      <line x1="${x(mu - Z * s)}" x2="${x(mu + Z * s)}" y1="${y}" y2="${y}" stroke="#0b5d3b" stroke-width="3"/>
      <circle cx="${x(mu)}" cy="${y}" r="5" fill="#b0001c"><title>${esc(e.entrant)}: ${mu.toFixed(1)} ± ${(Z * s).toFixed(1)}</title></circle>`;
  }).join("");
  return `<svg class="plot" viewBox="0 0 ${W} ${H}" role="img" aria-label="OpenSkill ratings: ${entrants.map((e) => `${esc(e.entrant)} ${n(e.rating?.mu).toFixed(1)}`).join(", ")}">
    ${rows}<text x="${left}" y="${H - 4}">${lo.toFixed(0)}</text><text x="${W - right}" y="${H - 4}" text-anchor="end">${hi.toFixed(0)}</text></svg>`;
}

// standings draws the standings table.
function standingsHTML(st) {
  const rows = (st.entrants ?? []).map((e) => `<tr><th scope="row">${esc(e.entrant)}</th><td>${n(e.games)}</td>
    <td>${n(e.wins)}–${n(e.draws)}–${n(e.losses)}</td><td>${n(e.points)}</td><td>${unrated(e) ? "unrated" : `${n(e.rating?.mu).toFixed(1)} ± ${(Z * n(e.rating?.sigma)).toFixed(1)}`}</td>
    <td>${n(e.forfeits)}</td></tr>`).join("");
  return `<p>${n(st.played)} of ${n(st.scheduled)} games played</p>
    <div class="scroll"><table class="tables standings"><thead><tr><th scope="col">Entrant</th><th scope="col">Games</th><th scope="col">W–D–L</th>
    <th scope="col">Points</th><th scope="col">OpenSkill rating (μ ± 1.96σ)</th><th scope="col">Forfeits</th></tr></thead><tbody>${rows}</tbody></table></div>
    ${ratingPlot(st.entrants ?? [])}`;
}

// ending is how a game that was not played to its end ended, after its scores: ", forfeit by
// ENTRANT" (", forfeit by ENTRANT and ENTRANT" when several forfeited; the replay says why) or
// ", cancelled"; "" for a completed game.
function ending(r) {
  if (r.outcome === "OUTCOME_FORFEIT") {
    const seats = r.forfeitSeats?.length ? r.forfeitSeats.map(n) : [n(r.forfeitSeat)];
    const who = [...new Set(seats.map((s) => (r.entrants ?? [])[s] ?? `seat ${s}`))];
    return `, forfeit by ${andList(who)}`;
  }
  if (r.outcome === "OUTCOME_CANCELLED") return ", cancelled";
  return "";
}

// awayText says which lobby bots the tournament waits for (WatchTournamentResponse.awayBots), ""
// for none: a host saw a tournament stand still with nothing to say why (a host's trial).
export function awayText(away) {
  const at = (ts) => new Date(ts).toLocaleTimeString();
  return away.map((b) => `Waiting for lobby bot ${b.bot} (${b.unable || "away"} since ${at(b.since)}): its games are put off until it can play them, and forfeited from ${at(b.forfeitTime)}.`).join(" ");
}

// showInPlay lists in el the tournament's games in play (its tables, named id-gN, among
// ListTables' in play, but those ended(tableId) says have a result), each a link to watch it (but
// a game whose scores the listing withholds, which the key may not watch yet),
// every two seconds while running() says so: the page listed only the games that had ended, and
// a visitor could not find a game to watch (a browser trial). A listing refused (without a key on
// a referee with keys) or failed shows none.
async function showInPlay(el, id, running, ended) {
  while (running()) {
    try {
      const { tables } = await call("bezique.v1.TableService/ListTables", { state: "TABLE_STATE_PLAYING", pageSize: 1000 });
      const mine = (tables ?? []).filter((t) => t.tableId.startsWith(`${id}-g`) && !ended(t.tableId))
        .sort((a, b) => Number(a.tableId.slice(id.length + 2)) - Number(b.tableId.slice(id.length + 2)));
      // A game in play listed without scores shares its cards with a game still to be played:
      // the key may not watch it until its deal set ends (TableInfo.scores), so it is no link
      // (every game was one, to a page that could only say so: a re-trial).
      const line = (t) => (t.scores ?? []).length ? `<a href="/t/${esc(t.tableId)}">${esc(t.tableId)}</a>`
        : `${esc(t.tableId)} <span class="meta">(shared cards: watchable when its deal set ends)</span>`;
      el.innerHTML = mine.length ? `<h2>In play</h2><ul>${mine.map((t) => `<li>${line(t)}
        ${esc(bySide((t.seats ?? []).map((s) => [n(s.side), s.name || s.botName || "bot"])))}</li>`).join("")}</ul>` : "";
    } catch {
      el.replaceChildren();
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  el.replaceChildren();
}

// tournament shows a tournament's standings and results (each game's table, its entrants in seat
// order, its scores and, for a game not played to its end, how it ended), in schedule order,
// each numbered by its game from 0, as its table's id ("-g6") and the command line number it (in
// the order they ended, the list numbered them so: a host's trial), live until it ends; its first call goes
// through firstLoad (app.js: made again after a failure but a refusal, "reconnecting…" showing).
// A cut stream is opened again (follow): its first update carries every result so far, so the
// list is drawn anew from it; an update of more than 1 000 results comes in pieces (more). It shows
// no head-to-head pairs and asks for none (omitPairs): a round robin of 447 entrants has 99 681.
export async function tournament(main, id, firstLoad) {
  document.title = `Tournament ${id} – Bézique referee`;
  const { tournament: info } = await firstLoad(() => call("bezique.v1.TournamentService/GetTournament", { tournamentId: id, pageSize: 1, omitPairs: true }));
  const spec = info.spec ?? {};
  main.innerHTML = `<h1>${esc(spec.name || `Tournament ${id}`)}</h1>
    <p class="meta">${esc(String(spec.format ?? "").replace("TOURNAMENT_FORMAT_", "").toLowerCase().replaceAll("_", " "))}
    · ${esc(String(spec.variant ?? "").replace("VARIANT_", "").toLowerCase().replaceAll("_", "-"))} · ${esc(id)}</p><p id="away" role="status"></p><div id="standings" aria-live="polite"></div><div id="inplay"></div><h2>Games</h2><ol id="results" start="0"></ol><p id="state" role="status"></p>`;
  const results = document.getElementById("results");
  const state = document.getElementById("state");
  let fresh = true; // the next message is a stream's first: every result so far
  let running = true;
  const ended = new Set(); // the tables of the results listed
  const inPlay = document.getElementById("inplay");
  showInPlay(inPlay, id, () => running, (tableId) => ended.has(tableId));
  await follow("bezique.v1.TournamentService/WatchTournament", () => { fresh = true; return { tournamentId: id, omitPairs: true }; }, (m) => {
    if (fresh) { results.replaceChildren(); fresh = false; }
    for (const r of [...(m.results ?? [])].sort((a, b) => n(a.game) - n(b.game))) {
      // In schedule order: results come in the order they were stored, mostly that order, so the
      // place is looked for from the end.
      let before = results.lastElementChild;
      while (before && Number(before.value) > n(r.game)) before = before.previousElementSibling;
      const li = `<li value="${n(r.game)}"><a href="/replay/${esc(r.tableId)}">${esc(r.tableId)}</a> ${esc(bySide((r.entrants ?? []).map((e, seat) => [seat % ((r.scores ?? []).length || (r.entrants ?? []).length), e])))}: ${(r.scores ?? []).join(" – ")}${esc(ending(r))}</li>`;
      if (before) before.insertAdjacentHTML("afterend", li);
      else results.insertAdjacentHTML("afterbegin", li);
      ended.add(r.tableId);
      inPlay.querySelector(`a[href="/t/${r.tableId}"]`)?.closest("li").remove(); // ended since the last listing
      if (!inPlay.querySelector("li")) inPlay.replaceChildren();
    }
    if (m.more) return; // a piece of an update: its last piece has the standings and the state
    if (m.standings) document.getElementById("standings").innerHTML = standingsHTML(m.standings);
    document.getElementById("away").textContent = awayText(m.awayBots ?? []);
    running = m.state === "TOURNAMENT_STATE_RUNNING";
    state.textContent = `Tournament ${String(m.state ?? "").replace("TOURNAMENT_STATE_", "").toLowerCase()}`;
  }, async () => !running, (cut) => { if (cut) state.textContent = "reconnecting…"; });
}
