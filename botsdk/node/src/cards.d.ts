// TypeScript declarations of src/cards.js: card ids, and the compact view expanded.

import type { View } from './index';
import type { Suit__Output as Suit } from '../types/bezique/v1/Suit';
import type { Rank__Output as Rank } from '../types/bezique/v1/Rank';

/** MAX_CARDS is the number of card ids, 0..191 (six packs of 32). */
export const MAX_CARDS: number;

/** cardSuit returns the suit of a card id ('SUIT_SPADES'..'SUIT_CLUBS'). */
export function cardSuit(id: number): Suit;

/** cardRank returns the rank of a card id ('RANK_SEVEN'..'RANK_ACE'). */
export function cardRank(id: number): Rank;

/** cardCopy returns which copy of its face a card id is, 0..5 (a to f). */
export function cardCopy(id: number): number;

/** cardText returns the text form of a card id: rank, suit, copy letter ('QSa', 'THb', '7Cd'). */
export function cardText(id: number): string;

/** expandView turns a compact view (view.compact) into its full form in place; a full view is left as it is. It throws an Error naming the field of a view that cannot be read. */
export function expandView(view: View | null | undefined): void;
