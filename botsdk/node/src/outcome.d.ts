// TypeScript declarations of src/outcome.js.

import type { GameResult__Output as GameResult } from '../types/bezique/v1/GameResult';

/** outcomeText says how a game ended, without the scores: "completed, side 1 wins", "cancelled (bot crashed), no result", "not ended". */
export function outcomeText(result: GameResult | null | undefined): string;

/** resultText is outcomeText followed by every side's total and a Rubicon or six-pack settlement: "...; side 0 610, side 1 1480; 1590 game points (rubicon)". */
export function resultText(result: GameResult | null | undefined): string;
