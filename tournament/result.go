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
	// ForfeitSeat is the seat that forfeited, or -1.
	ForfeitSeat int `json:"forfeit_seat"`
	// Scores are every side's final totals, in side order.
	Scores []int `json:"scores"`
	// Seats are what each seat did, in seat order.
	Seats []SeatStats `json:"seats"`
	// ForfeitCause is why ForfeitSeat forfeited: "timeout", "illegal" or "disconnect"; empty for
	// a game not forfeited, and in results stored before causes were kept.
	ForfeitCause string `json:"forfeit_cause,omitempty"`
	// Reason is the referee's words for an end other than completed ("decision deadline
	// passed"), as the table's result gives them; empty for a completed game.
	Reason string `json:"reason,omitempty"`
	// SPRT is set on the result that reached the verdict of its match's SPRT ([MarkDecision]):
	// the test as it stood with this result counted. Nil on every other result.
	SPRT *SPRTDecision `json:"sprt,omitempty"`
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
