package wire

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// ReplayStep is the outcome of one recorded action re-applied through the engine.
type ReplayStep struct {
	// Seq is the action's sequence number in the record.
	Seq uint64 `json:"seq"`
	// Seat is the acting seat.
	Seat int `json:"seat"`
	// Action is the action in action notation ([engine.ParseAction]: "play QSa", "meld bezique
	// QSa JDa (40)"), or "forfeit"; empty when the recorded action is malformed.
	Action string `json:"action"`
	// Intervention names the referee's intervention, if the referee chose the action.
	Intervention string `json:"intervention,omitempty"`
	// Fallback reports whether the seat's SDK chose the action for its bot (it failed, missed
	// its deadline or chose no legal action: RecordedAction.fallback).
	Fallback bool `json:"fallback,omitempty"`
	// Accepted reports whether the engine accepted the action.
	Accepted bool `json:"accepted"`
	// Code classifies a refusal: malformed (the recorded action cannot be read, or the engine
	// calls it malformed), not_your_turn, rule or game_over ([engine.ErrorCode]).
	Code string `json:"code,omitempty"`
	// Rule names the refused rule (RULES.md section) when the action was refused.
	Rule string `json:"rule,omitempty"`
	// Error is the message for a refused action, naming the record's field for a malformed one.
	Error string `json:"error,omitempty"`
	// Points is what the step scored, summed over its Scores (points).
	Points int `json:"points"`
	// Account is what the step caused: points by cause, trick, draws, exchange, deal and game end.
	Account
}

// Replayed is a record re-applied through the engine.
type Replayed struct {
	// Game is the engine game after the last action replayed.
	Game *engine.Game
	// Start is the first deal as it began, with what it scored before the first action (a
	// turned-up seven).
	Start Account
	// Steps has one entry per recorded action replayed.
	Steps []ReplayStep
	// EventsBefore has, for each of Steps, how many events the game had before its action
	// ([engine.Game.NumEvents]): step i's events, if any, begin at Game.Event(EventsBefore[i]).
	EventsBefore []int
	// Forfeits are the seats that forfeited, in the order of their actions: none, one, or
	// several (the absent lobby bots of several sides of a tournament game).
	Forfeits []int
}

// ReplayRecord re-applies a record's actions through the engine, from its seed or stacked deal,
// for as many deals as deals_planned says (0: until a side reaches the target). It checks the
// seed against seed_commitment: SHA-256(seed_salt || seed), or SHA-256(seed) when the record has
// no seed_salt (records made before salts). It returns an error naming the field for a record
// that cannot start a game (rules, seed, commitment, stacked deal); an action that is malformed
// or refused is a step with Accepted false, and the replay goes on with the next one.
func ReplayRecord(rec *pb.GameRecord) (*Replayed, error) {
	return ReplayRecordBefore(rec, math.MaxUint64)
}

// ReplayRecordBefore is [ReplayRecord] stopped before the first action whose seq is seq or more:
// the game as it stood when that action was to be taken (seq 0: before the first action).
func ReplayRecordBefore(rec *pb.GameRecord, seq uint64) (*Replayed, error) {
	rules, err := RulesFromProto(rec.GetRules())
	if err != nil {
		return nil, err
	}
	d := engine.Dealing{Deals: int(rec.GetDealsPlanned())}
	if len(rec.GetSeed()) != 0 {
		if len(rec.GetSeed()) != len(d.Seed) {
			return nil, fmt.Errorf("seed: %d bytes; a seed is exactly 32 bytes", len(rec.GetSeed()))
		}
		copy(d.Seed[:], rec.GetSeed())
		if err := checkCommitment(rec, d.Seed); err != nil {
			return nil, err
		}
	} else if len(rec.GetSeedSalt()) != 0 {
		return nil, fmt.Errorf("seed_salt: set without a seed")
	}
	if sd := rec.GetStackedDeal(); sd != nil {
		st, err := StackedDealFromProto(sd, rules)
		if err != nil {
			return nil, err
		}
		d.Stacked = []engine.StackedDeal{st}
	} else if len(rec.GetSeed()) == 0 {
		return nil, fmt.Errorf("seed: missing (and no stacked_deal)")
	}
	if len(rec.GetSeed()) == 0 && (d.Deals == 0 || d.Deals > len(d.Stacked)) {
		return nil, fmt.Errorf("deals_planned: %d, but without a seed the record holds only its %d stacked deal", d.Deals, len(d.Stacked))
	}
	g, err := engine.NewGame(rules, d)
	if err != nil {
		return nil, fmt.Errorf("stacked_deal: %w", err)
	}
	acct := NewAccountant(rules)
	out := &Replayed{Game: g, Start: acct.Add(g.Events())}
	for i, ra := range rec.GetActions() {
		if ra.GetSeq() >= seq {
			break
		}
		out.EventsBefore = append(out.EventsBefore, g.NumEvents())
		out.Steps = append(out.Steps, replayStep(g, acct, i, ra, &out.Forfeits))
	}
	return out, nil
}

// replayStep applies recorded action i and returns its step.
func replayStep(g *engine.Game, acct *Accountant, i int, ra *pb.RecordedAction, forfeits *[]int) ReplayStep {
	step := ReplayStep{Seq: ra.GetSeq(), Seat: int(ra.GetSeat()), Fallback: ra.GetFallback()}
	if ra.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
		step.Intervention = InterventionName(ra.GetIntervention())
	}
	if ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_FORFEIT {
		step.Action = "forfeit"
		if g.Over() { // a forfeit appended to a finished game turned its winner into a loser (an outside trial)
			step.Code, step.Error = engine.CodeMalformed.String(), fmt.Sprintf("actions[%d]: a forfeit after the game's end", i)
			return step
		}
		step.Accepted = true
		*forfeits = append(*forfeits, int(ra.GetSeat()))
		return step
	}
	if len(*forfeits) > 0 { // a forfeit ends the game: only the other seats' forfeits of that moment follow it
		step.Code, step.Error = engine.CodeMalformed.String(), fmt.Sprintf("actions[%d]: an action after the game ended with a forfeit", i)
		return step
	}
	a, err := ActionFromProto(ra.GetAction())
	if err != nil {
		step.Code = engine.CodeMalformed.String()
		step.Error = fmt.Sprintf("actions[%d].%v", i, err)
		return step
	}
	step.Action = a.String()
	evs, err := g.Apply(int(ra.GetSeat()), a)
	if err != nil {
		step.Error = err.Error()
		if ee, ok := err.(*engine.Error); ok {
			step.Code, step.Rule = ee.Code.String(), ee.Rule
		}
		return step
	}
	step.Accepted = true
	for _, e := range evs {
		if e.Kind == engine.EvMeld && a.Kind == engine.DeclareMeld { // not a pending meld scored by a trick won (RULES.md §8.18)
			step.Action = engine.Action{Kind: engine.DeclareMeld, Card: engine.NoCard, Meld: e.Meld}.String() // with the kind and points the engine scored
		}
	}
	step.Account = acct.Add(evs)
	for _, sc := range step.Scores {
		step.Points += sc.Points
	}
	return step
}

// checkCommitment checks a record's seed_commitment against its seed and seed_salt:
// SHA-256(seed_salt || seed), or SHA-256(seed) for a record without a salt (made before salts),
// as docs/DEALING.md defines them. An empty seed_commitment is not checked.
func checkCommitment(rec *pb.GameRecord, seed engine.Seed) error {
	salt := rec.GetSeedSalt()
	if len(salt) != 0 && len(salt) != engine.SaltSize {
		return fmt.Errorf("seed_salt: %d bytes; a salt is exactly %d bytes", len(salt), engine.SaltSize)
	}
	c := rec.GetSeedCommitment()
	if c == "" || c == seed.SaltedCommitment(salt) {
		return nil
	}
	if len(salt) == 0 {
		return fmt.Errorf("seed_commitment: %s is not SHA-256(seed) (%s), and the record has no seed_salt", c, seed.Commitment())
	}
	return fmt.Errorf("seed_commitment: %s is not SHA-256(seed_salt || seed) (%s)", c, seed.SaltedCommitment(salt))
}

// Verify compares a replay with the result its record states: every action accepted, the same
// final totals, the same number of deals (result.deals), every deal's summary (deals[]: dealer,
// trump, turn-up, deal points and totals; an outside trial changed them and the record still
// verified), the same winner. It returns an error describing the first mismatch.
func (r *Replayed) Verify(rec *pb.GameRecord) error {
	for _, st := range r.Steps {
		if !st.Accepted {
			return fmt.Errorf("action seq %d (%s by seat %d) is refused on replay: %s", st.Seq, st.Action, st.Seat, st.Error)
		}
	}
	res := rec.GetResult()
	totals := r.Game.Totals()
	if len(res.GetScores()) != len(totals) {
		return fmt.Errorf("result.scores: %d sides stated, the rules have %d", len(res.GetScores()), len(totals))
	}
	for side, sc := range res.GetScores() {
		if int(sc.GetTotal()) != totals[side] {
			return fmt.Errorf("result.scores[%d]: side %d stated %d, replay gives %d", side, side, sc.GetTotal(), totals[side])
		}
	}
	if got, want := res.GetDeals(), uint32(r.Game.Deal()); got != want {
		return fmt.Errorf("result.deals: stated %d, replay gives %d", got, want)
	}
	if err := verifyDeals(rec.GetDeals(), DealSummaries(r.Game.Events())); err != nil {
		return err
	}
	if stated := res.GetAutoPlayed(); len(stated) > 0 { // empty in results recorded before it
		if want := AutoPlayed(rec.GetActions(), len(rec.GetSeats())); !slices.Equal(stated, want) {
			return fmt.Errorf("result.auto_played: stated %v, the actions record %v played by the referee", stated, want)
		}
	}
	switch res.GetOutcome() {
	case pb.Outcome_OUTCOME_COMPLETED:
		if !r.Game.Over() {
			return fmt.Errorf("result.outcome: completed, but the replayed game is not over")
		}
		if len(r.Forfeits) > 0 {
			return fmt.Errorf("result.outcome: completed, but the actions record forfeits by seats %v", r.Forfeits)
		}
		if w := r.Game.Winner(); w == engine.NoSide && res.WinnerSide != nil || w != engine.NoSide && (res.WinnerSide == nil || int(res.GetWinnerSide()) != w) {
			return fmt.Errorf("result.winner_side: stated %v, replay gives %d", res.WinnerSide, r.Game.Winner())
		}
		if st := r.Game.Settlement(); int(res.GetGamePoints()) != st.Points || res.GetRubicon() != st.Rubicon {
			return fmt.Errorf("result.game_points: stated %d (rubicon %v), replay gives %d (rubicon %v)", res.GetGamePoints(), res.GetRubicon(), st.Points, st.Rubicon)
		}
	case pb.Outcome_OUTCOME_FORFEIT:
		stated := res.GetForfeitSeats()
		if len(stated) == 0 && res.ForfeitSeat != nil { // a result stored before forfeit_seats
			stated = []uint32{res.GetForfeitSeat()}
		}
		if len(r.Forfeits) == 0 || res.ForfeitSeat == nil || int(res.GetForfeitSeat()) != r.Forfeits[0] ||
			!slices.Equal(stated, seatsOf(r.Forfeits)) {
			return fmt.Errorf("result.forfeit_seats: stated %v (forfeit_seat %v), the actions record forfeits by seats %v", stated, res.ForfeitSeat, r.Forfeits)
		}
		// The one side left wins; with two or more left, none (TableService's GameResult): a
		// winner was never checked, and the side that forfeited was given the game (an outside trial).
		left := map[int]bool{}
		for side := range totals {
			left[side] = true
		}
		for _, seat := range r.Forfeits {
			delete(left, r.Game.Side(seat))
		}
		want := -1
		if len(left) == 1 {
			for side := range left {
				want = side
			}
		}
		if got := sideOrNone(res.WinnerSide); got != want {
			return fmt.Errorf("result.winner_side: stated %s, forfeits by seats %v give %s", sideText(got), r.Forfeits, sideText(want))
		}
	case pb.Outcome_OUTCOME_CANCELLED, pb.Outcome_OUTCOME_EXPIRED:
		if res.WinnerSide != nil {
			return fmt.Errorf("result.winner_side: stated %d for a game %s, which has no winner", res.GetWinnerSide(), OutcomeName(res.GetOutcome()))
		}
		if len(r.Forfeits) > 0 {
			return fmt.Errorf("result.outcome: %s, but the actions record forfeits by seats %v", OutcomeName(res.GetOutcome()), r.Forfeits)
		}
		if res.GetOutcome() == pb.Outcome_OUTCOME_EXPIRED && len(r.Steps) > 0 {
			return fmt.Errorf("result.outcome: expired, but the record has %d actions: a table expires waiting for its seats, before any", len(r.Steps))
		}
		// A table is cancelled in play only: one whose actions end the game was played to its end,
		// and its result erased (a tournament's verify refused every game cancelled in play, as if
		// so erased: a host's trial).
		if r.Game.Over() {
			return fmt.Errorf("result.outcome: %s, but the replayed game is over: a table is cancelled only in play", OutcomeName(res.GetOutcome()))
		}
	default: // its outcome removed, a record was read as completed by some and checked by none (an outside trial)
		return fmt.Errorf("result.outcome: %v, not how a game ends", res.GetOutcome())
	}
	return nil
}

// sideOrNone is a GameResult's winner_side, -1 when unset.
func sideOrNone(side *uint32) int {
	if side == nil {
		return -1
	}
	return int(*side)
}

// sideText is a side as an error names it, "side 1", or "no winner" for -1.
func sideText(side int) string {
	if side < 0 {
		return "no winner"
	}
	return fmt.Sprintf("side %d", side)
}

// seatsOf returns seats as the API's seat numbers.
func seatsOf(seats []int) []uint32 {
	out := make([]uint32, len(seats))
	for i, s := range seats {
		out[i] = uint32(s)
	}
	return out
}

// verifyDeals compares the deal summaries a record states with the replay's, field by field, and
// returns an error naming the first that differs. A record whose deals all state 0 deal points
// was stored before the referee recorded them (builds before 2026-12-05: every side of a deal
// scores something, the last trick at least): its deals are checked on their totals, which
// their deal points follow from. Such records were refused as not replaying to their result (an
// operator's upgrade trial).
func verifyDeals(stated, replayed []*pb.DealSummary) error {
	if len(stated) != len(replayed) {
		return fmt.Errorf("deals: %d deal summaries stated, replay gives %d", len(stated), len(replayed))
	}
	pointsStated := slices.ContainsFunc(stated, func(d *pb.DealSummary) bool {
		return slices.ContainsFunc(d.GetScores(), func(sc *pb.SideScore) bool { return sc.GetDealPoints() != 0 })
	})
	for i, s := range stated {
		w := replayed[i]
		switch {
		case s.GetDeal() != w.GetDeal():
			return fmt.Errorf("deals[%d].deal: stated %d, replay gives %d", i, s.GetDeal(), w.GetDeal())
		case s.GetDealer() != w.GetDealer():
			return fmt.Errorf("deals[%d].dealer: stated seat %d, replay gives seat %d", i, s.GetDealer(), w.GetDealer())
		case s.GetTrump() != w.GetTrump():
			return fmt.Errorf("deals[%d].trump: stated %s, replay gives %s", i, s.GetTrump(), w.GetTrump())
		case s.GetTurnUp().GetId() != w.GetTurnUp().GetId() || (s.GetTurnUp() == nil) != (w.GetTurnUp() == nil):
			return fmt.Errorf("deals[%d].turn_up: stated %s, replay gives %s", i, s.GetTurnUp().GetText(), w.GetTurnUp().GetText())
		case len(s.GetScores()) != len(w.GetScores()):
			return fmt.Errorf("deals[%d].scores: %d sides stated, replay gives %d", i, len(s.GetScores()), len(w.GetScores()))
		}
		for j, sc := range s.GetScores() {
			ws := w.GetScores()[j]
			if sc.GetSide() != ws.GetSide() || pointsStated && sc.GetDealPoints() != ws.GetDealPoints() || sc.GetTotal() != ws.GetTotal() {
				return fmt.Errorf("deals[%d].scores[%d]: stated side %d %d this deal, %d total; replay gives side %d %d, %d",
					i, j, sc.GetSide(), sc.GetDealPoints(), sc.GetTotal(), ws.GetSide(), ws.GetDealPoints(), ws.GetTotal())
			}
		}
	}
	return nil
}

// OutcomeName is the lower-case name of an outcome, as errors and the metrics' result label write
// it: completed, forfeit, cancelled, expired ("unspecified" for OUTCOME_UNSPECIFIED).
func OutcomeName(o pb.Outcome) string {
	return strings.ToLower(strings.TrimPrefix(o.String(), "OUTCOME_"))
}

// InterventionName is the snake_case name of an intervention kind, as replays print it and as the
// kind label of bezique_interventions_total has it: auto_play_timeout, auto_play_illegal,
// auto_play_disconnect, forfeit ("" for INTERVENTION_KIND_UNSPECIFIED).
func InterventionName(k pb.InterventionKind) string {
	if k == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
		return ""
	}
	return strings.ToLower(strings.TrimPrefix(k.String(), "INTERVENTION_KIND_"))
}

// AutoPlayed counts, per seat of seats, the actions the referee played for it (GameResult.auto_played):
// those of actions with an intervention other than a forfeit (a decision deadline passed,
// illegal answers up to the strike limit, away past the disconnect grace).
func AutoPlayed(actions []*pb.RecordedAction, seats int) []uint32 {
	n := make([]uint32, seats)
	for _, a := range actions {
		if k := a.GetIntervention(); k != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED && k != pb.InterventionKind_INTERVENTION_KIND_FORFEIT && int(a.GetSeat()) < seats {
			n[a.GetSeat()]++
		}
	}
	return n
}
