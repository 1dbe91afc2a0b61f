"""How a game ended, in the words every view prints (the Go CLI's wire.OutcomeText, the Node
SDK's outcomeText)."""

from __future__ import annotations

from bezique.v1 import table_pb2

_CAUSES = {
    table_pb2.FORFEIT_CAUSE_TIMEOUT: "timeout",
    table_pb2.FORFEIT_CAUSE_ILLEGAL: "illegal actions",
    table_pb2.FORFEIT_CAUSE_DISCONNECT: "disconnect",
}


def _auto_played_text(counts) -> str:
    """_auto_played_text says which seats' actions the referee played (GameResult.auto_played),
    " (142 actions of seat 1 played by the referee)", or "" when none, as the referee's CLI does."""
    parts: list[str] = []
    for seat, n in enumerate(counts):
        if not n:
            continue
        if parts:
            parts.append(f"{n} of seat {seat}")
        else:
            parts.append(f"{n} action{'' if n == 1 else 's'} of seat {seat}")
    if not parts:
        return ""
    words = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f" ({words} played by the referee)"


def outcome_text(result: table_pb2.GameResult) -> str:
    """outcome_text returns how a game ended, without the scores: "completed, side 1 wins" (and
    "(142 actions of seat 0 played by the referee)" when the referee played some),
    "forfeit by seat 0 (timeout: decision deadline passed), side 1 wins" ("by seats 0 and 2"
    when several forfeited), "cancelled (bot
    crashed), no result", "expired (waited longer than the referee's limit for its seats), no
    result", or "not ended"."""
    winner = f"side {result.winner_side} wins" if result.HasField("winner_side") else "no winner"
    if result.outcome == table_pb2.OUTCOME_COMPLETED:
        return f"completed, {winner}{_auto_played_text(result.auto_played)}"
    if result.outcome == table_pb2.OUTCOME_FORFEIT:
        seat = f"seat {result.forfeit_seat}" if result.HasField("forfeit_seat") else "a seat"
        if len(result.forfeit_seats) > 1:
            seats = [str(s) for s in result.forfeit_seats]
            seat = "seats " + ", ".join(seats[:-1]) + " and " + seats[-1]
        cause = _CAUSES.get(result.forfeit_cause, "")
        if not cause:
            why = result.reason or "cause not recorded"
        elif not result.reason:
            why = cause
        else:
            why = f"{cause}: {result.reason}"
        return f"forfeit by {seat} ({why}), {winner}"
    if result.outcome == table_pb2.OUTCOME_CANCELLED:
        return f"cancelled ({result.reason or 'no reason given'}), no result"
    if result.outcome == table_pb2.OUTCOME_EXPIRED:
        why = result.reason or "waited longer than the referee's limit for its seats"
        return f"expired ({why}), no result"
    return "not ended"


def result_text(result: table_pb2.GameResult) -> str:
    """result_text is outcome_text followed by every side's total: "...; side 0 120, side 1 340",
    and a Rubicon or six-pack game's settlement, the winner's game points, in the words of the
    Go CLI's game_ended line: "completed, side 1 wins; side 0 610, side 1 1480; 1590 game points
    (rubicon)"."""
    text = outcome_text(result)
    scores = ", ".join(f"side {s.side} {s.total}" for s in result.scores)
    if scores:
        text += f"; {scores}"
    if result.game_points:
        text += f"; {result.game_points} game points" + (" (rubicon)" if result.rubicon else "")
    return text
