// TypeScript declarations of src/strategy.js, the decision functions shipped with the SDK.

import type { Decide, View } from './index';
import type { Card__Output as Card } from '../types/bezique/v1/Card';
import type { Play__Output as Play } from '../types/bezique/v1/Play';

/** randomBot returns a decision function that picks uniformly among the legal actions, replayable from seed. */
export function randomBot(seed?: number): Decide;

/** strategyBot is a simple greedy strategy: a carte blanche when offered, the richest meld, the seven of trumps, the cheapest card that takes a trick worth taking; kings and queens kept while no trump is fixed. */
export const strategyBot: Decide;

/** trickWinner is the play winning the current trick so far (view.trick_winner), or null when the trick is empty. */
export function trickWinner(view: View): Play | null;

/** takesTrick reports whether card, played now, would take the current trick (view.beating_cards). */
export function takesTrick(view: View, card: Card): boolean;

/** trumpFixed reports whether the deal has a trump yet: view.trump is 'SUIT_UNSPECIFIED' until the first marriage or sequence fixes it (Rubicon, six-pack). */
export function trumpFixed(view: View): boolean;

/** RANK_ORDER is trick-taking order, seven lowest (1) to ace highest (8). */
export const RANK_ORDER: Readonly<Record<string, number>>;
