// Type-checked by `npm run typecheck` (tsc --noEmit), never run: a bot written in TypeScript
// against the SDK's declarations (src/*.d.ts, types/), in play and serve mode.

import { play, outcomeText, tlsCredentials, envConfig, CannotReach, cardText, cardSuit, expandView, grpc, type Decide, type View, type LegalAction, Decision, serve as serveFromIndex } from '../src/index';
import { serve, LobbyRefused } from '../src/serve';
import { randomBot, strategyBot, takesTrick, trickWinner, trumpFixed } from '../src/strategy';

// cheapest shows a carte blanche when offered, else plays the first card that takes the trick (no
// queen while no trump is fixed), else the first legal action.
const cheapest: Decide = (view: View, legalActions: LegalAction[]) => {
  const blanche = legalActions.find((a) => a.action?.carte_blanche); // Rubicon, six-pack: it always scores
  if (blanche) return blanche.action_id;
  const winner = trickWinner(view);
  for (const a of legalActions) {
    const card = a.action?.play?.card;
    const keep = !trumpFixed(view) && card?.rank === 'RANK_QUEEN'; // a queen may yet fix trump
    if (winner && card && !keep && takesTrick(view, card)) return a.action_id;
  }
  return legalActions[0].action_id;
};

// timed searches while its clock allows, and knows its game: one decide serves every game in serve mode.
const timed: Decide = (view: View, legalActions: LegalAction[], decision: Decision) => {
  const mine = view.scores[decision.side];
  const target = Number(decision.rules.effective_options.target);
  const budget: number = decision.timeLeftMs() - decision.request.increment_ms;
  return budget > 0 && mine && mine.total < target && decision.tableId !== '' ? legalActions[legalActions.length - 1].action_id : legalActions[0].action_id;
};

async function main(): Promise<void> {
  const result = await play({ server: '127.0.0.1:7777', tableId: 'T', seat: 0, token: 'TOKEN', credentials: tlsCredentials({ caFile: 'ca.pem' }) }, cheapest);
  const full: Decide = (view: View, legalActions: LegalAction[]) => {
    expandView(view); // a no-op: play hands decide the full view
    return cardSuit(view.hand[0].id) === 'SUIT_SPADES' && cardText(view.hand[0].id) === view.hand[0].text ? legalActions[0].action_id : 1;
  };
  await play({ server: '127.0.0.1:7777', tableId: 'T', seat: 1, token: 'TOKEN', viewMode: 'VIEW_MODE_FULL' }, full);
  const side: number | undefined = result.winner_side ?? undefined;
  console.log(outcomeText(result), side, result.scores.map((s) => s.total));
  const ac = new AbortController();
  await play({ ...envConfig(), tableId: 'T', seat: 2, token: '' }, cheapest);
  await serve({ botName: 'ts', ...envConfig(), capacity: 4,
    variants: ['VARIANT_TWO_HANDED'], signal: ac.signal,
    onGameOver: (a, res, err) => console.log(a.table_id, a.seat, res ? outcomeText(res) : err?.message) }, randomBot(1));
  await serve({ server: '127.0.0.1:7777', variants: ['two-handed', 'VARIANT_RUBICON'], // the command line's names too
    onWelcome: (w) => console.log(w.table_id, w.seat), onEvent: (e) => console.log(e.seq) }, strategyBot);
  await serveFromIndex({ server: '127.0.0.1:7777', capacity: 8 }, timed); // serve from the package itself
  // @ts-expect-error: a variant's number, or no variant, is refused at run time: the type says so.
  await serve({ server: '127.0.0.1:7777', variants: [2, 'VARIANT_UNSPECIFIED'] }, timed);
  await play({ server: '127.0.0.1:7777', tableId: 'T', seat: 0, token: 'TOKEN', credentials: grpc.credentials.createInsecure() }, cheapest); // the SDK's own grpc-js
}

main().catch((err: unknown) => {
  if (err instanceof CannotReach || err instanceof LobbyRefused) console.error(err.code, err.details);
});
