package wire

import (
	"fmt"
	"strconv"
	"strings"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// OutcomeText returns how a game ended, in the words every view of the Go code prints (the CLI's
// watch, tables, replay sheet and play, the bots' last line), without the scores:
//
//	completed, side 1 wins
//	forfeit by seat 0 (timeout: decision deadline passed), side 1 wins
//	forfeit by seats 0 and 2 (disconnect: ...), no winner
//	cancelled (bot crashed), no result
//	expired (waited longer than the referee's limit for its seats), no result
//	not ended (also for a nil result: a table in play)
//
// A forfeit names the seat and its cause (timeout, illegal actions, disconnect) with the referee's
// reason; "cause not recorded" stands for a result stored before causes were. A cancellation
// gives its reason ("no reason given" when it has none). The Python and Node SDKs have the same
// function (outcome_text, outcomeText) with the same words.
func OutcomeText(res *pb.GameResult) string {
	if res == nil {
		return "not ended"
	}
	winner := "no winner"
	if res.WinnerSide != nil {
		winner = fmt.Sprintf("side %d wins", res.GetWinnerSide())
	}
	switch res.GetOutcome() {
	case pb.Outcome_OUTCOME_COMPLETED:
		return "completed, " + winner + autoPlayedText(res.GetAutoPlayed())
	case pb.Outcome_OUTCOME_FORFEIT:
		seat := "a seat"
		if fs := res.GetForfeitSeats(); len(fs) > 1 {
			seat = "seats " + andList(fs)
		} else if res.ForfeitSeat != nil {
			seat = fmt.Sprintf("seat %d", res.GetForfeitSeat())
		}
		return fmt.Sprintf("forfeit by %s (%s), %s", seat, forfeitWhy(res), winner)
	case pb.Outcome_OUTCOME_CANCELLED:
		return "cancelled (" + orText(res.GetReason(), "no reason given") + "), no result"
	case pb.Outcome_OUTCOME_EXPIRED:
		return "expired (" + orText(res.GetReason(), "waited longer than the referee's limit for its seats") + "), no result"
	}
	return "not ended"
}

// autoPlayedText says which seats' actions the referee played (GameResult.auto_played), " (142
// actions of seat 1 played by the referee)", or "" when none: such a game was shown as a plain
// win (an integrator's trial).
func autoPlayedText(counts []uint32) string {
	var parts []string
	for seat, n := range counts {
		switch {
		case n == 0:
		case len(parts) == 0 && n == 1:
			parts = append(parts, fmt.Sprintf("1 action of seat %d", seat))
		case len(parts) == 0:
			parts = append(parts, fmt.Sprintf("%d actions of seat %d", n, seat))
		default:
			parts = append(parts, fmt.Sprintf("%d of seat %d", n, seat))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + andWords(parts) + " played by the referee)"
}

// andWords joins words as "a", "a and b", "a, b and c".
func andWords(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// forfeitWhy is a forfeit's cause and the referee's reason: "timeout: decision deadline passed".
func forfeitWhy(res *pb.GameResult) string {
	var cause string
	switch res.GetForfeitCause() {
	case pb.ForfeitCause_FORFEIT_CAUSE_TIMEOUT:
		cause = "timeout"
	case pb.ForfeitCause_FORFEIT_CAUSE_ILLEGAL:
		cause = "illegal actions"
	case pb.ForfeitCause_FORFEIT_CAUSE_DISCONNECT:
		cause = "disconnect"
	}
	switch {
	case cause == "":
		return orText(res.GetReason(), "cause not recorded")
	case res.GetReason() == "":
		return cause
	}
	return cause + ": " + res.GetReason()
}

func orText(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// ResultText is OutcomeText followed by every side's total and, for a Rubicon or six-pack game,
// the settlement in the winner's game points (RULES.md §3.6.10, §3.7.7): "completed, side 1
// wins; side 0 610, side 1 1480; 1590 game points (rubicon)". The Python and Node SDKs have the
// same function (result_text, resultText) with the same words.
func ResultText(res *pb.GameResult) string {
	text := OutcomeText(res)
	if scs := res.GetScores(); len(scs) > 0 {
		sides := make([]string, len(scs))
		for i, sc := range scs {
			sides[i] = fmt.Sprintf("side %d %d", sc.GetSide(), sc.GetTotal())
		}
		text += "; " + strings.Join(sides, ", ")
	}
	if gp := res.GetGamePoints(); gp != 0 {
		text += fmt.Sprintf("; %d game points", gp)
		if res.GetRubicon() {
			text += " (rubicon)"
		}
	}
	return text
}

// andList writes seats as "0 and 2", "0, 1 and 3".
func andList(seats []uint32) string {
	words := make([]string, len(seats))
	for i, s := range seats {
		words[i] = strconv.Itoa(int(s))
	}
	return andWords(words)
}
