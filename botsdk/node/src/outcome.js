'use strict';
// How a game ended, in the words every view prints (the Go CLI's wire.OutcomeText, the Python
// SDK's outcome_text). Results are bezique.v1.GameResult objects as the SDK loads them (enums as
// their names).

const CAUSES = {
  FORFEIT_CAUSE_TIMEOUT: 'timeout',
  FORFEIT_CAUSE_ILLEGAL: 'illegal actions',
  FORFEIT_CAUSE_DISCONNECT: 'disconnect',
};

const isSet = (v) => v !== undefined && v !== null;

// outcomeText returns how a game ended, without the scores: "completed, side 1 wins", "forfeit by
// seat 0 (timeout: decision deadline passed), side 1 wins" ("by seats 0 and 2" when several
// forfeited), "cancelled (bot crashed), no result",
// "expired (waited longer than the referee's limit for its seats), no result", or "not ended".
// autoPlayedText says which seats' actions the referee played (GameResult.auto_played), " (142
// actions of seat 1 played by the referee)", or "" when none, as the referee's CLI does.
function autoPlayedText(counts) {
  const parts = [];
  counts.forEach((n, seat) => {
    if (!n) return;
    if (parts.length) parts.push(`${n} of seat ${seat}`);
    else parts.push(`${n} action${Number(n) === 1 ? '' : 's'} of seat ${seat}`);
  });
  if (!parts.length) return '';
  const words = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return ` (${words} played by the referee)`;
}

function outcomeText(result) {
  const r = result || {};
  const winner = isSet(r.winner_side) ? `side ${r.winner_side} wins` : 'no winner';
  switch (r.outcome) {
    case 'OUTCOME_COMPLETED':
      return `completed, ${winner}${autoPlayedText(r.auto_played || [])}`;
    case 'OUTCOME_FORFEIT': {
      let seat = isSet(r.forfeit_seat) ? `seat ${r.forfeit_seat}` : 'a seat';
      const seats = r.forfeit_seats || [];
      if (seats.length > 1) seat = `seats ${seats.slice(0, -1).join(', ')} and ${seats[seats.length - 1]}`;
      const cause = CAUSES[r.forfeit_cause] || '';
      let why = `${cause}: ${r.reason}`;
      if (!cause) why = r.reason || 'cause not recorded';
      else if (!r.reason) why = cause;
      return `forfeit by ${seat} (${why}), ${winner}`;
    }
    case 'OUTCOME_CANCELLED':
      return `cancelled (${r.reason || 'no reason given'}), no result`;
    case 'OUTCOME_EXPIRED':
      return `expired (${r.reason || "waited longer than the referee's limit for its seats"}), no result`;
    default:
      return 'not ended';
  }
}

// resultText is outcomeText followed by every side's total: "...; side 0 120, side 1 340", and a
// Rubicon or six-pack game's settlement, the winner's game points, in the words of the Go CLI's
// game_ended line: "completed, side 1 wins; side 0 610, side 1 1480; 1590 game points (rubicon)".
function resultText(result) {
  const r = result || {};
  let text = outcomeText(r);
  const scores = (r.scores || []).map((s) => `side ${s.side} ${s.total}`).join(', ');
  if (scores) text += `; ${scores}`;
  if (r.game_points) text += `; ${r.game_points} game points${r.rubicon ? ' (rubicon)' : ''}`;
  return text;
}

module.exports = { outcomeText, resultText };
