package scenario

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/wire"
)

// Check is one expectation of one step and its outcome.
type Check struct {
	// Step is the step's number, from 1.
	Step int
	// Seat and Do are the step's seat ([engine.NoSeat] when absent) and action ("" for a step that only checks).
	Seat int
	Do   string
	// What names the expectation: legal, view.totals, refused, accepted, points, scores,
	// trick_winner, draws, events, deal_end, game_end.
	What string
	// Failure says how the expectation failed; "" when it holds.
	Failure string
}

// String returns "step 3 (seat 0: play KSa): trick_winner: got 0, want 1", or "... ok".
func (c Check) String() string {
	where := fmt.Sprintf("step %d", c.Step)
	if c.Do != "" {
		where += fmt.Sprintf(" (seat %d: %s)", c.Seat, c.Do)
	}
	if c.Failure == "" {
		return where + ": " + c.What + ": ok"
	}
	return where + ": " + c.What + ": " + c.Failure
}

// Result is every check of a scenario run, in order.
type Result struct {
	// Checks are the expectations checked.
	Checks []Check
}

// Failures returns the checks that failed.
func (r *Result) Failures() []Check {
	var out []Check
	for _, c := range r.Checks {
		if c.Failure != "" {
			out = append(out, c)
		}
	}
	return out
}

// Run plays the scenario and checks every expectation of every step, going on after a failed
// one. It returns an error only when the scenario cannot start (a bad variant, option or deal).
func (s *Scenario) Run() (*Result, error) {
	g, err := s.Game()
	if err != nil {
		return nil, err
	}
	acct := wire.NewAccountant(g.Rules())
	acct.Add(g.Events())
	res := &Result{}
	for i := range s.Steps {
		runStep(g, acct, i+1, &s.Steps[i], res)
	}
	return res, nil
}

// runStep checks step st (number n) of game g and records its checks in res.
func runStep(g *engine.Game, acct *wire.Accountant, n int, st *Step, res *Result) {
	seat := engine.NoSeat
	if st.Seat != nil {
		seat = *st.Seat
	}
	check := func(what, failure string) {
		res.Checks = append(res.Checks, Check{Step: n, Seat: seat, Do: st.Do, What: what, Failure: failure})
	}
	players := g.Rules().Variant.Players()
	if st.Seat != nil && (seat < 0 || seat >= players) {
		check("seat", fmt.Sprintf("%d is not a seat of %s (0 to %d)", seat, g.Rules().Variant, players-1))
		return
	}
	if st.View != nil && st.View.Seat != nil && (*st.View.Seat < engine.NoSeat || *st.View.Seat >= players) {
		check("view.seat", fmt.Sprintf("%d is not a seat of %s (0 to %d, or -1 for a spectator)", *st.View.Seat, g.Rules().Variant, players-1))
		return
	}
	if st.Do == "" && st.Legal == nil && st.View == nil && st.Refused == "" && st.Points == nil && st.Scores == nil && st.TrickWinner == nil &&
		st.Draws == nil && st.Events == nil && st.DealEnd == nil && st.GameEnd == nil {
		check("step", "nothing to do or check")
		return
	}
	if st.Legal != nil {
		who := seat
		if st.Seat == nil {
			who = g.Turn()
		}
		check("legal", checkLegal(g.Legal(who, nil), *st.Legal))
	}
	if st.View != nil {
		checkView(g, seat, st.View, check)
	}
	if st.Do == "" {
		if st.Refused != "" || st.Points != nil || st.Scores != nil || st.TrickWinner != nil || st.Draws != nil || st.Events != nil || st.DealEnd != nil || st.GameEnd != nil {
			check("do", "the step expects what an action does, but has no action")
		}
		return
	}
	if st.Seat == nil {
		check("seat", "the step has an action but no seat")
		return
	}
	a, perr := engine.ParseAction(st.Do)
	var evs []engine.Event
	var aerr error
	if perr != nil {
		aerr = &engine.Error{Code: engine.CodeMalformed, Msg: strings.TrimPrefix(perr.Error(), "bezique: ")}
	} else {
		before := views(g)
		listed := isListed(g, seat, a)
		evs, aerr = g.Apply(seat, a)
		switch {
		case aerr != nil && !reflect.DeepEqual(before, views(g)):
			check("refused", "the refused action changed a view")
		case aerr != nil && listed:
			check("refused", "refused, but listed by Legal")
		}
	}
	if st.Refused != "" {
		check("refused", checkRefused(aerr, st.Refused))
		return
	}
	if aerr != nil {
		check("accepted", "refused: "+aerr.Error())
		return
	}
	check("accepted", "")
	evs = slices.Clone(evs)
	acc := acct.Add(evs)
	if st.Points != nil {
		sum := 0
		for _, sc := range acc.Scores {
			sum += sc.Points
		}
		check("points", differ(sum, *st.Points))
	}
	if st.Scores != nil {
		got := slices.Clone(acc.Scores)
		for i := range min(len(got), len(*st.Scores)) {
			if (*st.Scores)[i].Deal == 0 { // a score's deal left out is not checked
				got[i].Deal = 0
			}
		}
		check("scores", differ(got, *st.Scores))
	}
	if st.TrickWinner != nil {
		if acc.Trick == nil {
			check("trick_winner", fmt.Sprintf("no trick completed, want one won by seat %d", *st.TrickWinner))
		} else {
			check("trick_winner", differ(acc.Trick.Winner, *st.TrickWinner))
		}
	}
	if st.Draws != nil {
		check("draws", differ(acc.Draws, *st.Draws))
	}
	if st.Events != nil {
		var got []string
		for _, e := range evs {
			got = append(got, e.String())
		}
		check("events", differ(got, *st.Events))
	}
	if st.DealEnd != nil {
		if acc.DealEnd == nil {
			check("deal_end", "the deal did not end")
		} else {
			check("deal_end", differ(acc.DealEnd.Sides, *st.DealEnd))
		}
	}
	if st.GameEnd != nil {
		if acc.GameEnd == nil {
			check("game_end", "the game did not end")
		} else {
			check("game_end", differ(*acc.GameEnd, *st.GameEnd))
		}
	}
}

// differ returns "" when got equals want, else "got G, want W" in JSON-like form.
func differ[T any](got, want T) string {
	if reflect.DeepEqual(got, want) || isEmpty(got) && isEmpty(want) {
		return ""
	}
	return fmt.Sprintf("got %+v, want %+v", got, want)
}

// isEmpty reports whether v is an empty or nil slice, so that nil and [] compare equal.
func isEmpty(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Slice && rv.Len() == 0
}

// checkRefused checks that err refuses with the rule want, or with the code want for a refusal
// that names no rule.
func checkRefused(err error, want string) string {
	var e *engine.Error
	if err == nil {
		return "accepted, want refused (" + want + ")"
	}
	if !errors.As(err, &e) {
		return fmt.Sprintf("refused with %v, want %s", err, want)
	}
	got := e.Rule
	if got == "" {
		got = e.Code.String()
	}
	if got != want {
		return fmt.Sprintf("refused by %s (%s), want %s", got, e.Msg, want)
	}
	return ""
}

// views returns every seat's view and the spectators'.
func views(g *engine.Game) []engine.View {
	var vs []engine.View
	for s := engine.NoSeat; s < g.Rules().Variant.Players(); s++ { // NoSeat (-1) first: the spectators'
		vs = append(vs, g.View(s))
	}
	return vs
}

// isListed reports whether Legal lists an action for seat that matches a.
func isListed(g *engine.Game, seat int, a engine.Action) bool {
	for _, l := range g.Legal(seat, nil) {
		if matches(a, l) {
			return true
		}
	}
	return false
}

// matches reports whether the expected action e matches the legal action l: same kind and card,
// a meld's cards in any order, and its kind and points when e names them.
func matches(e, l engine.Action) bool {
	if e.Kind != l.Kind || e.Card != l.Card {
		return false
	}
	if e.Kind != engine.DeclareMeld {
		return true
	}
	if e.Meld.Kind != engine.NoMeld && (e.Meld.Kind != l.Meld.Kind || e.Meld.Points != l.Meld.Points) {
		return false
	}
	ec, lc := e.Meld.Cards.Slice(), l.Meld.Cards.Slice()
	slices.Sort(ec)
	slices.Sort(lc)
	return slices.Equal(ec, lc)
}

// checkLegal compares the legal actions with the expected ones, in any order.
func checkLegal(legal []engine.Action, want []string) string {
	got := make([]string, len(legal))
	for i, a := range legal {
		got[i] = a.String()
	}
	fail := func() string {
		return fmt.Sprintf("got [%s], want [%s]", strings.Join(got, ", "), strings.Join(want, ", "))
	}
	if len(want) != len(legal) {
		return fail()
	}
	used := make([]bool, len(legal))
	for _, w := range want {
		e, err := engine.ParseAction(w)
		if err != nil {
			return err.Error()
		}
		found := false
		for i, l := range legal {
			if !used[i] && matches(e, l) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return fail()
		}
	}
	return ""
}

// checkView checks the expected fields of a view of g; the view is of want.Seat, else seat.
func checkView(g *engine.Game, seat int, want *View, check func(what, failure string)) {
	if want.Seat != nil {
		seat = *want.Seat
	}
	v := g.View(seat)
	if want.ToAct != nil {
		check("view.to_act", differ(v.ToAct, *want.ToAct))
	}
	if want.Phase != nil {
		check("view.phase", differ(v.Phase.String(), *want.Phase))
	}
	if want.TurnUp != nil {
		check("view.turn_up", differ(v.TurnUp.String(), *want.TurnUp))
	}
	if want.Trump != nil {
		check("view.trump", differ(v.Trump.String(), *want.Trump))
	}
	if want.StockSize != nil {
		check("view.stock_size", differ(v.StockSize, *want.StockSize))
	}
	if want.Hand != nil {
		check("view.hand", sameCards(v.Hand, *want.Hand))
	}
	if want.Tabled != nil {
		if len(*want.Tabled) != len(v.Tabled) {
			check("view.tabled", fmt.Sprintf("%d seats, want %d", len(v.Tabled), len(*want.Tabled)))
		} else {
			for s, tc := range v.Tabled {
				var cs []engine.Card
				for _, t := range tc {
					cs = append(cs, t.Card)
				}
				check(fmt.Sprintf("view.tabled[%d]", s), sameCards(cs, (*want.Tabled)[s]))
			}
		}
	}
	if want.ShownInHand != nil {
		if len(*want.ShownInHand) != len(v.ShownInHand) {
			check("view.shown_in_hand", fmt.Sprintf("%d seats, want %d", len(v.ShownInHand), len(*want.ShownInHand)))
		} else {
			for s, cs := range v.ShownInHand {
				check(fmt.Sprintf("view.shown_in_hand[%d]", s), sameCards(cs, (*want.ShownInHand)[s]))
			}
		}
	}
	if want.Pending != nil {
		if len(*want.Pending) != len(v.Pending) {
			check("view.pending", fmt.Sprintf("%d seats, want %d", len(v.Pending), len(*want.Pending)))
		} else {
			for s, m := range v.Pending {
				check(fmt.Sprintf("view.pending[%d]", s), sameCards(m.Cards.Slice(), (*want.Pending)[s]))
			}
		}
	}
	if want.Trick != nil {
		var cs []string
		for _, p := range v.Trick {
			cs = append(cs, p.Card.String())
		}
		check("view.trick", differ(strings.Join(cs, " "), strings.Join(strings.Fields(*want.Trick), " ")))
	}
	if want.DealPoints != nil {
		check("view.deal_points", differ(v.DealPoints, *want.DealPoints))
	}
	if want.Totals != nil {
		check("view.totals", differ(v.Totals, *want.Totals))
	}
	if want.Winner != nil {
		check("view.winner", differ(v.Winner, *want.Winner))
	}
}

// sameCards compares cards with a card list in notation, in any order.
func sameCards(got []engine.Card, want string) string {
	var w []engine.Card
	for _, t := range strings.Fields(want) {
		c, err := engine.ParseCard(t)
		if err != nil {
			return err.Error()
		}
		w = append(w, c)
	}
	g := slices.Clone(got)
	slices.Sort(g)
	slices.Sort(w)
	if slices.Equal(g, w) {
		return ""
	}
	var gs []string
	for _, c := range g {
		gs = append(gs, c.String())
	}
	return fmt.Sprintf("got %q, want %q", strings.Join(gs, " "), want)
}
