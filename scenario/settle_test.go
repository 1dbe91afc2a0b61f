package scenario

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/wire"
)

// A settlement vector (RULES.md §6 vectors 45 and 52) is a whole Rubicon or six-pack deal played
// to the vector's totals: a one-deal game takes no totals carried in (RULES.md §3.6.10), so the
// totals are made the way a game makes them, by melds, the last trick and, in Rubicon, the
// brisques when counted. [settlement.reach] finds the deal in three searches:
//   - the melds: each seat's blocks (a meld and its re-formings, RULES.md §2 R8) whose points add
//     up to the seat's meld points, fewest melds first (planMelds);
//   - phase 1: a stock that brings each seat the cards of its next meld in time, and the cards
//     each seat plays so that the seat holding its next meld wins the trick (script);
//   - phase 2: the plays, under the obligations of RULES.md §1.8, that give the last trick and
//     the brisques the vector needs (finish).
//
// Phase 1 and 2 are tried from seeds 1, 2, ... until the engine plays the whole deal to the
// vector's totals and settlement.
type settlement struct {
	// melds are each seat's meld points in the deal.
	melds [2]int
	// totals are the totals at the end, brisques included when counted, and want the settlement.
	totals []int
	want   engine.Settlement
	// trump is the trump suit, fixed by seat 0's first meld, a trump sequence.
	trump engine.Suit
	// blocks are the melds to choose from; the first is the trump sequence.
	blocks []block
}

// block is one meld and its re-formings (RULES.md §2 R8): base (all from hand) is melded first;
// for each spare, one tabled card of the same face as the spare (for a quartet, of the same rank)
// is played to a trick and the meld is made again with the spare from hand in its place.
type block struct {
	points int
	base   string
	spares string
	// trump marks a meld that needs trump fixed (a marriage, a sequence, a trump quartet).
	trump bool
}

// meldStep is one meld a seat makes: its cards, the card it plays to a trick before (a re-form's
// broken card, or NoCard), its points, and whether trump must be fixed first.
type meldStep struct {
	cards  []engine.Card
	play   engine.Card
	points int
	trump  bool
}

// steps returns b's first n melds.
func (b block) steps(n int) []meldStep {
	cur := cards(b.base)
	out := []meldStep{{cards: slices.Clone(cur), play: engine.NoCard, points: b.points, trump: b.trump}}
	for _, y := range cards(b.spares)[:n-1] {
		i := slices.IndexFunc(cur, func(c engine.Card) bool { return c.Face() == y.Face() })
		if i < 0 {
			i = slices.IndexFunc(cur, func(c engine.Card) bool { return c.Rank() == y.Rank() })
		}
		x := cur[i]
		cur[i] = y
		out = append(out, meldStep{cards: slices.Clone(cur), play: x, points: b.points, trump: b.trump})
	}
	return out
}

// cards parses a list of cards in notation.
func cards(s string) []engine.Card {
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

// cardList writes cards in notation.
func cardList(cs []engine.Card) string {
	ts := make([]string, len(cs))
	for i, c := range cs {
		ts[i] = c.String()
	}
	return strings.Join(ts, " ")
}

// planMelds chooses for every block a seat and a number of melds (0 to 1 + its spares) so that
// each seat's melds add up to s.melds, with as few melds as possible; the trump sequence (block
// 0) goes to seat 0 at least once. It returns each seat's melds in block order.
func (s *settlement) planMelds() ([2][]meldStep, error) {
	type choice struct{ seat, n int }
	type state struct{ a, b int }
	type best struct {
		melds int
		picks []choice
	}
	found := map[state]best{{0, 0}: {}}
	for i, b := range s.blocks {
		most := 1 + len(cards(b.spares))
		next := map[state]best{}
		for st, bs := range found {
			for seat := range 2 {
				for n := 0; n <= most; n++ {
					if i == 0 && (seat != 0 || n == 0) || n == 0 && seat == 1 {
						continue
					}
					ns := st
					if seat == 0 {
						ns.a += n * b.points
					} else {
						ns.b += n * b.points
					}
					if ns.a > s.melds[0] || ns.b > s.melds[1] {
						continue
					}
					nb := best{melds: bs.melds + n, picks: append(slices.Clone(bs.picks), choice{seat, n})}
					if old, ok := next[ns]; !ok || nb.melds < old.melds || nb.melds == old.melds && slices.CompareFunc(nb.picks, old.picks, func(x, y choice) int {
						return cmp.Or(cmp.Compare(x.seat, y.seat), cmp.Compare(x.n, y.n))
					}) < 0 {
						next[ns] = nb
					}
				}
			}
		}
		found = next
	}
	bs, ok := found[state{s.melds[0], s.melds[1]}]
	if !ok {
		return [2][]meldStep{}, fmt.Errorf("no choice of melds makes %v", s.melds)
	}
	var plan [2][]meldStep
	for i, c := range bs.picks {
		if c.n > 0 {
			plan[c.seat] = append(plan[c.seat], s.blocks[i].steps(c.n)...)
		}
	}
	return plan, nil
}

// script is one try at phase 1: the dealt hands, the stock and the steps, each seat holding the
// cards of its next meld in time and winning a trick to meld it.
type script struct {
	rules engine.Rules
	plan  [2][]meldStep // each seat's melds, in order
	trump engine.Suit
	rng   *rand.Rand

	// hands, stock and steps are the script: the dealt hands, the stock (the first card drawn
	// first) and the steps of phase 1.
	hands [2][]engine.Card
	stock []engine.Card
	steps []string

	// pool is the cards not dealt nor drawn yet; planned the cards of the plan's melds.
	pool    []engine.Card
	planned map[engine.Card]bool
	// hand and table are each seat's holding (RULES.md §1.3), played the cards played.
	hand, table [2]map[engine.Card]bool
	played      map[engine.Card]bool
	// next is each seat's next meld in plan; trumpFixed tells whether seat 0's first has fixed trump.
	next       [2]int
	trumpFixed bool
}

// reserved reports whether c is in one of seat's melds still to make.
func (sc *script) reserved(seat int, c engine.Card) bool {
	for _, st := range sc.plan[seat][sc.next[seat]:] {
		if slices.Contains(st.cards, c) {
			return true
		}
	}
	return false
}

// holds reports whether seat holds c, in hand or tabled.
func (sc *script) holds(seat int, c engine.Card) bool { return sc.hand[seat][c] || sc.table[seat][c] }

// draw takes the card seat draws next from the pool: the first card of its next melds it lacks
// while it holds fewer than its hand size less two of them, else a random card no meld needs,
// else the first card it lacks, else a random card.
func (sc *script) draw(seat int) engine.Card {
	held := map[engine.Card]bool{}
	var lacks []engine.Card
	for _, st := range sc.plan[seat][sc.next[seat]:] {
		for _, c := range st.cards {
			switch {
			case sc.holds(seat, c):
				held[c] = true
			case slices.Contains(sc.pool, c) && !slices.Contains(lacks, c):
				lacks = append(lacks, c)
			}
		}
	}
	var free []int
	for i, c := range sc.pool {
		if !sc.planned[c] {
			free = append(free, i)
		}
	}
	i := -1
	switch {
	case len(lacks) > 0 && len(held) < sc.rules.Variant.HandSize()-2:
		i = slices.Index(sc.pool, lacks[0])
	case len(free) > 0:
		i = free[sc.rng.IntN(len(free))]
	case len(lacks) > 0:
		i = slices.Index(sc.pool, lacks[0])
	default:
		i = sc.rng.IntN(len(sc.pool))
	}
	c := sc.pool[i]
	sc.pool = slices.Delete(sc.pool, i, i+1)
	sc.hand[seat][c] = true
	return c
}

// ready reports whether seat may make its next meld once c is played: it holds the meld's cards,
// has played the card the meld re-forms without, and trump is fixed if the meld needs it (seat
// 0's first meld fixes it).
func (sc *script) ready(seat int, c engine.Card) bool {
	if sc.next[seat] == len(sc.plan[seat]) {
		return false
	}
	st := sc.plan[seat][sc.next[seat]]
	if st.play != engine.NoCard && !sc.played[st.play] && st.play != c {
		return false
	}
	if st.trump && !sc.trumpFixed && (seat != 0 || sc.next[0] != 0) {
		return false
	}
	for _, m := range st.cards {
		if !sc.holds(seat, m) || m == c {
			return false
		}
	}
	return true
}

// beats reports whether y, played second, beats x (RULES.md §1.2, two players).
func (sc *script) beats(y, x engine.Card) bool {
	if sc.trumpFixed && y.Suit() == sc.trump && x.Suit() != sc.trump {
		return true
	}
	return y.Suit() == x.Suit() && y.Rank() > x.Rank()
}

// candidates returns the cards seat may play without breaking a meld to come: the cards that a
// re-form needs played first, then the rest, each group shuffled.
func (sc *script) candidates(seat int) []engine.Card {
	var first, rest []engine.Card
	for _, m := range []map[engine.Card]bool{sc.table[seat], sc.hand[seat]} {
		for c := range m {
			if sc.reserved(seat, c) {
				continue
			}
			wanted := false
			for _, st := range sc.plan[seat][sc.next[seat]:] {
				wanted = wanted || st.play == c
			}
			if wanted {
				first = append(first, c)
			} else {
				rest = append(rest, c)
			}
		}
	}
	slices.Sort(first)
	slices.Sort(rest)
	sc.rng.Shuffle(len(first), func(i, j int) { first[i], first[j] = first[j], first[i] })
	sc.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(first, rest...)
}

// play plays phase 1: deal, then trick after trick until the stock is drawn. It fails when a
// seat has nothing to play or ends phase 1 with melds still to make.
func (sc *script) play(dealer int) error {
	for s := range 2 {
		sc.hand[s], sc.table[s] = map[engine.Card]bool{}, map[engine.Card]bool{}
	}
	for k := range 2 {
		s := (dealer + 1 + k) % 2
		for range sc.rules.Variant.HandSize() {
			sc.hands[s] = append(sc.hands[s], sc.draw(s))
		}
	}
	leader := 1 - dealer
	for len(sc.pool) > 0 {
		f := 1 - leader
		xs, ys := sc.candidates(leader), sc.candidates(f)
		if len(xs) == 0 || len(ys) == 0 {
			return fmt.Errorf("trick %d: a seat has only cards of its melds to come", len(sc.stock)/2+1)
		}
		bestScore, bx, by := -1, engine.NoCard, engine.NoCard
		for _, x := range xs {
			for _, y := range ys {
				w, wc := leader, x
				if sc.beats(y, x) {
					w, wc = f, y
				}
				score := 0
				if sc.ready(w, wc) {
					score += 100
				}
				for _, c := range []engine.Card{x, y} {
					for s := range 2 {
						for _, st := range sc.plan[s][sc.next[s]:] {
							if st.play == c {
								score += 10
							}
						}
					}
				}
				if score > bestScore {
					bestScore, bx, by = score, x, y
				}
			}
		}
		w := leader
		if sc.beats(by, bx) {
			w = f
		}
		for s, c := range map[int]engine.Card{leader: bx, f: by} {
			delete(sc.hand[s], c)
			delete(sc.table[s], c)
			sc.played[c] = true
		}
		sc.steps = append(sc.steps, fmt.Sprintf(`{"seat": %d, "do": "play %s"}`, leader, bx),
			fmt.Sprintf(`{"seat": %d, "do": "play %s", "trick_winner": %d}`, f, by, w))
		if sc.ready(w, engine.NoCard) {
			st := sc.plan[w][sc.next[w]]
			for _, c := range st.cards {
				delete(sc.hand[w], c)
				sc.table[w][c] = true
			}
			if w == 0 && sc.next[0] == 0 {
				sc.trumpFixed = true // seat 0's first meld is the trump sequence
			}
			sc.next[w]++
			sc.steps = append(sc.steps, fmt.Sprintf(`{"seat": %d, "do": "meld %s", "points": %d}`, w, cardList(st.cards), st.points))
		}
		a, b := sc.draw(w), sc.draw(1-w)
		sc.stock = append(sc.stock, a, b)
		sc.steps = append(sc.steps, fmt.Sprintf(`{"seat": %d, "do": "end", "draws": [{"seat": %d, "card": %q}, {"seat": %d, "card": %q}]}`, w, w, a, 1-w, b))
		leader = w
	}
	for s := range 2 {
		if sc.next[s] < len(sc.plan[s]) {
			return fmt.Errorf("seat %d made %d of its %d melds in phase 1", s, sc.next[s], len(sc.plan[s]))
		}
	}
	return nil
}

// move is one action of one seat.
type move struct {
	seat int
	a    engine.Action
}

// finish searches phase 2 of g, depth first in the order Legal lists the plays, for plays that
// end the game as want says; it gives up after budget positions.
func finish(g *engine.Game, want func(*engine.Game) bool, budget *int) ([]move, bool) {
	if g.Over() {
		return nil, want(g)
	}
	if *budget--; *budget < 0 {
		return nil, false
	}
	s := g.Turn()
	for _, a := range g.Legal(s, nil) {
		c := g.Clone()
		if _, err := c.Apply(s, a); err != nil {
			panic(err) // Legal listed it
		}
		if rest, ok := finish(c, want, budget); ok {
			return append([]move{{s, a}}, rest...), true
		}
	}
	return nil, false
}

// reach finds v's deal and steps (see settlement), trying seeds 1 to 200.
func (s *settlement) reach(v vector) (reached, error) {
	variant, err := engine.ParseVariant(v.variant)
	if err != nil {
		return reached{}, err
	}
	rules, err := engine.NewRules(variant, v.options)
	if err != nil {
		return reached{}, err
	}
	plan, err := s.planMelds()
	if err != nil {
		return reached{}, fmt.Errorf("%s: %v", v.file, err)
	}
	planned := map[engine.Card]bool{}
	for _, p := range plan {
		for _, st := range p {
			for _, c := range st.cards {
				planned[c] = true
			}
		}
	}
	var last error
	for seed := uint64(1); seed <= 200; seed++ {
		sc := &script{rules: rules, plan: plan, trump: s.trump, rng: rand.New(rand.NewPCG(seed, 45)),
			pool: rules.DeckCards(), planned: planned, played: map[engine.Card]bool{}}
		if last = sc.play(v.dealer); last != nil {
			continue
		}
		r := reached{deal: Deal{Dealer: v.dealer, Hands: []string{cardList(sc.hands[0]), cardList(sc.hands[1])}, Stock: cardList(sc.stock)}}
		scn := Scenario{Variant: v.variant, Options: v.options, Deal: r.deal}
		g, err := scn.Game()
		if err != nil {
			return reached{}, fmt.Errorf("%s: %v", v.file, err)
		}
		// Play phase 1 on the engine; a script that the engine plays otherwise is a bug here.
		for _, line := range sc.steps {
			var st Step
			if err := json.Unmarshal([]byte(line), &st); err != nil {
				return reached{}, err
			}
			a, err := engine.ParseAction(st.Do)
			if err != nil {
				return reached{}, err
			}
			if _, err := g.Apply(*st.Seat, a); err != nil {
				return reached{}, fmt.Errorf("%s: seed %d: %s: %v", v.file, seed, line, err)
			}
		}
		if got := g.Totals(); !slices.Equal(got, s.melds[:]) {
			return reached{}, fmt.Errorf("%s: seed %d: totals %v after phase 1, want %v", v.file, seed, got, s.melds)
		}
		budget := 20000
		moves, ok := finish(g, func(g *engine.Game) bool {
			return slices.Equal(g.Totals(), s.totals) && g.Settlement() == s.want
		}, &budget)
		if !ok {
			last = fmt.Errorf("seed %d: no phase 2 gives totals %v and %+v", seed, s.totals, s.want)
			continue
		}
		r.prefix = append(sc.steps, fmt.Sprintf(`{"view": {"seat": -1, "phase": "trick2", "trump": %q, "stock_size": 0, "totals": [%d, %d]}}`,
			s.trump, s.melds[0], s.melds[1]))
		// Phase 2's plays expect their trick's winner; the last one the deal's account and the
		// settlement.
		acct := wire.NewAccountant(rules)
		acct.Add(g.Events())
		var tail []string
		for k, m := range moves {
			evs, err := g.Apply(m.seat, m.a)
			if err != nil {
				return reached{}, err
			}
			acc := acct.Add(slices.Clone(evs))
			line := fmt.Sprintf(`{"seat": %d, "do": %q`, m.seat, m.a.String())
			if acc.Trick != nil {
				line += fmt.Sprintf(`, "trick_winner": %d`, acc.Trick.Winner)
			}
			if k == len(moves)-1 {
				end, _ := json.Marshal(acc.DealEnd.Sides)
				ge, _ := json.Marshal(acc.GameEnd)
				line += fmt.Sprintf(`, "deal_end": %s, "game_end": %s`, end, ge)
			}
			tail = append(tail, line+"}")
		}
		r.prefix = append(r.prefix, tail...)
		r.prefix = append(r.prefix, fmt.Sprintf(`{"view": {"seat": -1, "phase": "over", "to_act": -1, "totals": [%d, %d], "winner": %d}}`,
			s.totals[0], s.totals[1], s.want.Winner))
		return r, nil
	}
	return reached{}, fmt.Errorf("%s: no seed reaches the totals: %v", v.file, last)
}
