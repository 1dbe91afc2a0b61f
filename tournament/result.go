package tournament

// Outcome is how a tournament game ended, as the table's result says: "completed", "forfeit" or
// "cancelled" (the labels of the referee's outcomes).
type Outcome string

// The outcomes of a game.
const (
	OutcomeCompleted Outcome = "completed"
	OutcomeForfeit   Outcome = "forfeit"
	OutcomeCancelled Outcome = "cancelled"
)

// Result is a played game of the schedule, as the runner stores it: read from the table's record.
type Result struct {
	// Game is the [Game.Index] of the game in the schedule.
	Game int `json:"game"`
	// TableID is the table the game was played on; its record replays the game.
	TableID string `json:"table_id"`
	// Outcome is how the game ended.
	Outcome Outcome `json:"outcome"`
	// WinnerSide is the winning side, or -1 for none (a draw, or cancelled).
	WinnerSide int `json:"winner_side"`
	// ForfeitSeat is the seat that forfeited, or -1; the first of ForfeitSeats when several did.
	ForfeitSeat int `json:"forfeit_seat"`
	// ForfeitSeats are every seat that forfeited, in seat order: several when the lobby bots of
	// several sides were absent past the absence grace. Empty in results stored before it
	// existed, where ForfeitSeat is the only one ([Result.Forfeited]).
	ForfeitSeats []int `json:"forfeit_seats,omitempty"`
	// Scores are every side's final totals, in side order.
	Scores []int `json:"scores"`
	// Seats are what each seat did, in seat order.
	Seats []SeatStats `json:"seats"`
	// ForfeitCause is why ForfeitSeats forfeited: "timeout", "illegal" or "disconnect"; empty for
	// a game not forfeited, and in results stored before causes were kept.
	ForfeitCause string `json:"forfeit_cause,omitempty"`
	// Reason is the referee's words for an end other than completed ("decision deadline
	// passed"), as the table's result gives them; empty for a completed game.
	Reason string `json:"reason,omitempty"`
	// SPRT is set on the result that reached the verdict of its match's SPRT ([MarkDecision]):
	// the test as it stood with this result counted. Nil on every other result.
	SPRT *SPRTDecision `json:"sprt,omitempty"`
}

// Forfeited returns the seats that forfeited r: ForfeitSeats, or ForfeitSeat alone in a result
// stored before ForfeitSeats existed; none for a game not forfeited.
func (r *Result) Forfeited() []int {
	switch {
	case r.Outcome != OutcomeForfeit:
		return nil
	case len(r.ForfeitSeats) > 0:
		return r.ForfeitSeats
	case r.ForfeitSeat >= 0:
		return []int{r.ForfeitSeat}
	}
	return nil
}

// SeatStats is one seat's conduct in a game, counted from the record's actions.
type SeatStats struct {
	// Decisions is the number of actions the seat's bot chose itself; DecisionMs their total
	// decision time (RecordedAction.elapsed_ms), in milliseconds.
	Decisions  int   `json:"decisions"`
	DecisionMs int64 `json:"decision_ms"`
	// Timeouts, Illegal and Disconnects count the actions the referee played for the seat, by
	// cause (RecordedAction.intervention).
	Timeouts    int `json:"timeouts,omitempty"`
	Illegal     int `json:"illegal,omitempty"`
	Disconnects int `json:"disconnects,omitempty"`
	// Fallbacks counts the answers the seat's SDK sent for its bot (RecordedAction.fallback: its
	// decide missed the deadline, failed, or chose no legal action), not among Decisions.
	Fallbacks int `json:"fallbacks,omitempty"`
}
