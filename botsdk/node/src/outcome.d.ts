// TypeScript declarations of src/outcome.js.

import type { GameResult__Output as GameResult } from '../types/bezique/v1/GameResult';

/** outcomeText says how a game ended, without the scores: "completed, side 1 wins", "cancelled (bot crashed), no result", "not ended". */
export function outcomeText(result: GameResult | null | undefined): string;

/** resultText is outcomeText followed by every side's total: "...; side 0 120, side 1 340". */
export function resultText(result: GameResult | null | undefined): string;
