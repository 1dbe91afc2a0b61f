package wire

import (
	"fmt"
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
	// Action is the action in text form ("play QSa", "meld bezique QSa JDa (40)").
	Action string `json:"action"`
	// Intervention names the referee's intervention, if the referee chose the action.
	Intervention string `json:"intervention,omitempty"`
	// Accepted reports whether the engine accepted the action.
	Accepted bool `json:"accepted"`
	// Points is what the action scored, summed over its events (points).
	Points int `json:"points"`
	// Rule names the refused rule (RULES.md section) when the action was refused.
	Rule string `json:"rule,omitempty"`
	// Error is the engine's message for a refused action.
	Error string `json:"error,omitempty"`
}

// Replayed is a record re-applied through the engine.
type Replayed struct {
	// Game is the engine game after the last action.
	Game *engine.Game
	// Steps has one entry per recorded action.
	Steps []ReplayStep
	// Forfeit is the seat that forfeited, or -1.
	Forfeit int
}

// ReplayRecord re-applies a record's actions through the engine, from its seed or stacked deal.
// It checks the seed against seed_commitment: SHA-256(seed_salt || seed), or SHA-256(seed) when
// the record has no seed_salt (records made before salts). It returns an error naming the field
// for a malformed record or a commitment that does not match; a refused action is a step with
// Accepted false, and the replay goes on with the next one.
func ReplayRecord(rec *pb.GameRecord) (*Replayed, error) {
	rules, err := RulesFromProto(rec.GetRules())
	if err != nil {
		return nil, err
	}
	var d engine.Dealing
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
		st, err := StackedDealFromProto(sd)
		if err != nil {
			return nil, err
		}
		d.Stacked = []engine.StackedDeal{st}
	} else if len(rec.GetSeed()) == 0 {
		return nil, fmt.Errorf("seed: missing (and no stacked_deal)")
	}
	g, err := engine.NewGame(rules, d)
	if err != nil {
		return nil, fmt.Errorf("stacked_deal: %w", err)
	}
	out := &Replayed{Game: g, Forfeit: -1}
	for i, ra := range rec.GetActions() {
		step := ReplayStep{Seq: ra.GetSeq(), Seat: int(ra.GetSeat())}
		if ra.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			step.Intervention = InterventionName(ra.GetIntervention())
		}
		if ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_FORFEIT {
			step.Action, step.Accepted = "forfeit", true
			out.Forfeit = int(ra.GetSeat())
			out.Steps = append(out.Steps, step)
			continue
		}
		a, err := ActionFromProto(ra.GetAction())
		if err != nil {
			return nil, fmt.Errorf("actions[%d].%w", i, err)
		}
		step.Action = a.String()
		evs, err := g.Apply(int(ra.GetSeat()), a)
		if err != nil {
			step.Error = err.Error()
			if ee, ok := err.(*engine.Error); ok {
				step.Rule = ee.Rule
			}
		} else {
			step.Accepted = true
			for _, e := range evs {
				step.Points += e.Points
				if e.Kind == engine.EvMeld {
					step.Action = "meld " + e.Meld.String() // with the points the engine scored
				}
			}
		}
		out.Steps = append(out.Steps, step)
	}
	return out, nil
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
// final totals, the same winner. It returns an error describing the first mismatch.
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
	switch res.GetOutcome() {
	case pb.Outcome_OUTCOME_COMPLETED:
		if !r.Game.Over() {
			return fmt.Errorf("result.outcome: completed, but the replayed game is not over")
		}
		if res.WinnerSide == nil || int(res.GetWinnerSide()) != r.Game.Winner() {
			return fmt.Errorf("result.winner_side: stated %v, replay gives %d", res.WinnerSide, r.Game.Winner())
		}
	case pb.Outcome_OUTCOME_FORFEIT:
		if r.Forfeit < 0 || res.ForfeitSeat == nil || int(res.GetForfeitSeat()) != r.Forfeit {
			return fmt.Errorf("result.forfeit_seat: stated %v, the actions record a forfeit by seat %d", res.ForfeitSeat, r.Forfeit)
		}
	}
	return nil
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
