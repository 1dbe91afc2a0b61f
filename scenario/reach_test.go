package scenario

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bezique-arena/bezique/engine"
)

var update = flag.Bool("update", false, "rewrite the generated scenario files of testdata/scenarios")

// vector is a RULES.md §6 vector whose scenario file is generated: a position reached by a
// stacked deal and scripted tricks, then the vector's own steps. A scenario always starts at the
// deal, so a position later in the deal (phase 2, the last draw, the four-handed duels) is reached
// by playing up to it: see reach.
type vector struct {
	file, about string
	variant     string
	options     map[string]string
	dealer      int
	turnUp      string
	// at is the trick the position is at (1: the deal itself). For at > 1, leader wins every
	// earlier trick and leads trick at; at 25 (two- and three-handed; four-handed the duels)
	// the loser drawing last holds the turn-up.
	at, leader int
	// hands are every seat's cards when trick at starts.
	hands []string
	// stock is the face-down stock then, the first card drawn first.
	stock string
	// totals and playToTarget are the scenario's carried totals and play_to_target.
	totals       []int
	playToTarget bool
	// steps are the vector's steps, one JSON object each.
	steps []string
	// settle, when set, makes the whole deal instead: a Rubicon or six-pack deal played to a
	// settlement (settle_test.go); at, leader, hands and stock are unused.
	settle *settlement
}

// reached is a vector's stacked deal and the steps that play up to its position.
type reached struct {
	deal   Deal
	prefix []string
}

// strength orders junk cards: trumps above the other suits, then by rank.
func strength(c engine.Card, trump engine.Suit) int {
	s := int(c.Rank())
	if c.Suit() == trump {
		s += engine.NumRanks
	}
	return s
}

// reach builds the stacked deal that brings v's game to its position. Every seat is dealt seven
// of its cards at trick v.at and one junk card (a card named nowhere in v); at every earlier
// trick each seat plays its one junk card and draws the next, and at trick v.at-1 the card it
// still lacks (its last listed card, or the turn-up for the last drawer of the last phase-1
// trick). So that the leader wins every trick and draws first, it plays the strongest junk card
// left and the others the weakest. The prefix is checked on the engine: every trick to
// v.leader, every hand as listed.
func reach(v vector) (reached, error) {
	if v.settle != nil {
		return v.settle.reach(v)
	}
	variant, err := engine.ParseVariant(v.variant)
	if err != nil {
		return reached{}, err
	}
	n := variant.Players()
	cards := func(s string) []engine.Card {
		var cs []engine.Card
		for _, t := range strings.Fields(s) {
			c, err := engine.ParseCard(t)
			if err != nil {
				panic(err)
			}
			cs = append(cs, c)
		}
		return cs
	}
	if v.at == 1 {
		return reached{deal: Deal{Dealer: v.dealer, Hands: v.hands, TurnUp: v.turnUp, Stock: v.stock}}, nil
	}
	up := cards(v.turnUp)[0]
	trump := up.Suit()
	named := map[engine.Card]bool{up: true}
	hands := make([][]engine.Card, n)
	for s := range n {
		hands[s] = cards(v.hands[s])
		for _, c := range hands[s] {
			named[c] = true
		}
	}
	rest := cards(v.stock)
	for _, c := range rest {
		named[c] = true
	}
	rules, err := engine.NewRules(variant, v.options)
	if err != nil {
		return reached{}, err
	}
	var junk []engine.Card
	for _, c := range rules.DeckCards() {
		if !named[c] {
			junk = append(junk, c)
		}
	}
	if len(junk) != (v.at-1)*n {
		return reached{}, fmt.Errorf("%s: %d junk cards, want %d", v.file, len(junk), (v.at-1)*n)
	}
	slices.SortStableFunc(junk, func(a, b engine.Card) int { return strength(b, trump) - strength(a, trump) })

	lastPhase1 := v.at == 25
	turnUpSeat := (v.leader + n - 1) % n
	keep, last := make([][]engine.Card, n), make([]engine.Card, n)
	for s := range n {
		h := hands[s]
		i := len(h) - 1
		if lastPhase1 && s == turnUpSeat {
			i = slices.Index(h, up)
			if i < 0 {
				return reached{}, fmt.Errorf("%s: seat %d draws last at trick 24 but does not hold the turn-up %s", v.file, s, up)
			}
		}
		last[s] = h[i]
		keep[s] = slices.Delete(slices.Clone(h), i, i+1)
	}
	// plays[k][s] is the junk card seat s plays to trick k+1.
	plays := make([][]engine.Card, v.at-1)
	for k := range plays {
		plays[k] = make([]engine.Card, n)
		plays[k][v.leader], junk = junk[0], junk[1:]
		for s := range n {
			if s != v.leader {
				plays[k][s], junk = junk[len(junk)-1], junk[:len(junk)-1]
			}
		}
	}
	var stock []engine.Card
	for k := 1; k < v.at; k++ {
		for i := range n {
			s := (v.leader + i) % n
			switch {
			case k < v.at-1:
				stock = append(stock, plays[k][s])
			case !lastPhase1 || i < n-1:
				stock = append(stock, last[s])
			}
		}
	}
	stock = append(stock, rest...)
	str := func(cs []engine.Card) string {
		var ts []string
		for _, c := range cs {
			ts = append(ts, c.String())
		}
		return strings.Join(ts, " ")
	}
	r := reached{deal: Deal{Dealer: v.dealer, TurnUp: v.turnUp, Stock: str(stock)}}
	for s := range n {
		r.deal.Hands = append(r.deal.Hands, str(append(slices.Clone(keep[s]), plays[0][s])))
	}

	// Play the prefix on the engine and check it reaches the position.
	sc := Scenario{Variant: v.variant, Options: v.options, Deal: r.deal, Totals: v.totals, PlayToTarget: v.playToTarget}
	g, err := sc.Game()
	if err != nil {
		return reached{}, fmt.Errorf("%s: %v", v.file, err)
	}
	// do applies a for seat and appends its step; a play that completes a trick expects
	// v.leader to win it.
	do := func(seat int, a engine.Action, completes bool) error {
		if _, err := g.Apply(seat, a); err != nil {
			return fmt.Errorf("%s: seat %d: %s: %v", v.file, seat, a, err)
		}
		st := fmt.Sprintf(`{"seat": %d, "do": %q`, seat, a.String())
		if completes {
			st += fmt.Sprintf(`, "trick_winner": %d`, v.leader)
		}
		r.prefix = append(r.prefix, st+"}")
		return nil
	}
	for k := range plays {
		leader := g.Turn()
		for i := range n {
			s := (leader + i) % n
			if err := do(s, engine.Play(plays[k][s]), i == n-1); err != nil {
				return reached{}, err
			}
		}
		if g.Turn() != v.leader {
			return reached{}, fmt.Errorf("%s: trick %d won by seat %d, want %d", v.file, k+1, g.Turn(), v.leader)
		}
		for g.Phase() == engine.PhaseWindow {
			if err := do(g.Turn(), engine.Action{Kind: engine.EndWindow}, false); err != nil {
				return reached{}, err
			}
		}
	}
	if g.Turn() != v.leader {
		return reached{}, fmt.Errorf("%s: seat %d to lead trick %d, want %d", v.file, g.Turn(), v.at, v.leader)
	}
	for s := range n {
		got := slices.Clone(g.View(s).Hand)
		want := slices.Clone(hands[s])
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return reached{}, fmt.Errorf("%s: seat %d holds %s at trick %d, want %s", v.file, s, str(got), v.at, str(want))
		}
	}
	// The position, as the file states it: who leads, the stock, every hand.
	phase, stockSize := "trick", len(rest)+1
	if lastPhase1 {
		phase, stockSize = "trick2", 0
	}
	r.prefix = append(r.prefix, fmt.Sprintf(`{"view": {"seat": %d, "to_act": %d, "phase": %q, "stock_size": %d, "hand": %q}}`,
		v.leader, v.leader, phase, stockSize, v.hands[v.leader]))
	for i := 1; i < n; i++ {
		s := (v.leader + i) % n
		r.prefix = append(r.prefix, fmt.Sprintf(`{"view": {"seat": %d, "hand": %q}}`, s, v.hands[s]))
	}
	return r, nil
}

// render writes v's scenario file: the generated deal, the prefix steps and the vector's steps,
// one step a line.
func render(v vector, r reached) ([]byte, error) {
	var b bytes.Buffer
	js := func(x any) string {
		out, err := json.Marshal(x)
		if err != nil {
			panic(err)
		}
		return string(out)
	}
	fmt.Fprintf(&b, "{\n  \"name\": %s,\n  \"about\": %s,\n  \"variant\": %s,\n", js(strings.TrimSuffix(v.file, ".json")), js(v.about), js(v.variant))
	if v.options != nil {
		fmt.Fprintf(&b, "  \"options\": %s,\n", js(v.options))
	}
	if v.totals != nil {
		fmt.Fprintf(&b, "  \"totals\": %s,\n", js(v.totals))
	}
	if v.playToTarget {
		b.WriteString("  \"play_to_target\": true,\n")
	}
	fmt.Fprintf(&b, "  \"deal\": {\n    \"dealer\": %d,\n    \"hands\": [\n", r.deal.Dealer)
	for i, h := range r.deal.Hands {
		sep := ","
		if i == len(r.deal.Hands)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "      %s%s\n", js(h), sep)
	}
	b.WriteString("    ]")
	if r.deal.TurnUp != "" {
		fmt.Fprintf(&b, ",\n    \"turn_up\": %s", js(r.deal.TurnUp))
	}
	if r.deal.Stock != "" {
		fmt.Fprintf(&b, ",\n    \"stock\": %s", js(r.deal.Stock))
	}
	b.WriteString("\n  },\n  \"steps\": [\n")
	steps := append(slices.Clone(r.prefix), v.steps...)
	for i, st := range steps {
		if !json.Valid([]byte(st)) {
			return nil, fmt.Errorf("%s: step %d is not JSON: %s", v.file, i+1, st)
		}
		sep := ","
		if i == len(steps)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "    %s%s\n", st, sep)
	}
	b.WriteString("  ]\n}\n")
	return b.Bytes(), nil
}

// TestGeneratedVectorFiles: the vector scenario files of testdata/scenarios are exactly what
// vectors generate (go test ./scenario -run TestGeneratedVectorFiles -update rewrites them), and
// every expectation in them holds.
func TestGeneratedVectorFiles(t *testing.T) {
	for _, v := range vectors {
		t.Run(v.file, func(t *testing.T) {
			r, err := reach(v)
			if err != nil {
				t.Fatal(err)
			}
			b, err := render(v, r)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("..", "testdata", "scenarios", v.file)
			if *update {
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			old, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(old, b) {
				t.Fatalf("%s differs from what its vector generates: go test ./scenario -run TestGeneratedVectorFiles -update", path)
			}
			s, err := Load(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Run()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range res.Failures() {
				t.Error(c)
			}
		})
	}
}
