package engine

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// longEnv names the environment variable that turns on the engine's long runs: with
// BEZIQUE_LONG=1 (and without -short) TestPropertyRandomPlay plays 100 000 deals per variant
// (issue: at least 100 000), and the whole package takes about 290 s on 2 cores. scripts/test.sh
// sets it for its engine step; a plain go test ./engine stays well under a minute.
const longEnv = "BEZIQUE_LONG"

// propertyDeals is how many random-legal-play deals per variant TestPropertyRandomPlay plays:
// 300 with -short, 100 000 with BEZIQUE_LONG=1 ([longEnv]), 3 000 otherwise.
func propertyDeals() int {
	switch {
	case testing.Short():
		return 300
	case os.Getenv(longEnv) == "1":
		return 100_000
	}
	return 3_000
}

// TestPropertyRandomPlay plays random legal actions through whole games of every variant and
// checks the invariants of RULES.md §7 after every action.
func TestPropertyRandomPlay(t *testing.T) {
	for _, v := range Variants {
		t.Run(string(v), func(t *testing.T) {
			t.Parallel()
			deals, games := 0, 0
			rng := rand.New(rand.NewPCG(uint64(len(v)), 7))
			var log []Event
			for deals < propertyDeals() {
				r := DefaultRules(v)
				// Every few games, play under a random option set.
				if games%4 == 3 {
					r = randomRules(t, v, rng)
				}
				n, _ := playRandomGame(t, r, SeedFromUint64(uint64(games)+1000*uint64(len(v))), rng, &log)
				deals += n
				games++
			}
			t.Logf("%s: %d deals in %d games", v, deals, games)
		})
	}
}

// randomRules returns rules of variant v in which each option of the option table that applies
// to v takes, with probability 1/2, a random value: one of its Values, or of its Examples for an
// int or int list. Combinations that Validate refuses (genuine cross-option rules) are drawn again.
func randomRules(t testing.TB, v Variant, rng *rand.Rand) Rules {
	t.Helper()
	for range 100 {
		opts := map[string]string{}
		for _, o := range OptionCatalog() {
			if !o.Supported || !slices.Contains(o.Variants, v) || rng.IntN(2) == 0 {
				continue
			}
			vals := o.Values
			if vals == nil {
				vals = o.Examples
			}
			opts[o.Name] = vals[rng.IntN(len(vals))]
		}
		if r, err := NewRules(v, opts); err == nil {
			return r
		}
	}
	t.Fatalf("%s: 100 random option sets refused", v)
	return Rules{}
}

// playRandomGame plays one game with uniformly random legal actions, checking invariants, and
// returns the number of deals played and, under allow_pending_declarations, the announcements'
// counts. buf holds the game's events, and is kept for the next game: growing a new slice to
// thousands of events every game was a seventh of the long run.
func playRandomGame(t testing.TB, r Rules, seed Seed, rng *rand.Rand, buf *[]Event) (int, announcements) {
	t.Helper()
	g, err := NewGame(r, Dealing{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var legal []Action
	var ann announcements
	var inDeck [MaxCards]bool // the deck's cards, for checkInvariants
	for c := range inDeck {
		inDeck[c] = r.inDeck(Card(c))
	}
	// log is the game's events as NewGame and every Apply returned them: at the end it must be
	// what the game's packed log gives back (Events).
	log := append((*buf)[:0], g.Events()...)
	steps := 0
	for !g.Over() {
		steps++
		if steps > 100_000 {
			t.Fatalf("%s seed %s: game does not end", r.Variant, seed)
		}
		s := g.Turn()
		legal = g.Legal(s, legal[:0])
		if len(legal) == 0 {
			t.Fatalf("%s: seat %d to act in %s has no legal action", r.Variant, s, g.Phase())
		}
		for _, a := range legal {
			if err := g.check(s, a); err != nil {
				t.Fatalf("listed action %s refused: %v", a, err)
			}
		}
		// Another seat may never act.
		other := (s + 1) % g.n
		if got := g.Legal(other, nil); len(got) != 0 {
			t.Fatalf("seat %d not to act has legal actions %v", other, got)
		}
		probeUnlisted(t, g, s, legal, rng)
		a := legal[rng.IntN(len(legal))]
		before := len(log)
		evs, err := g.Apply(s, a)
		if err != nil {
			t.Fatalf("Apply(%d, %s): %v", s, a, err)
		}
		log = append(log, evs...)
		checkInvariants(t, g, &inDeck, evs)
		if r.AllowPendingDeclarations {
			ann.follow(t, log, before)
			if !g.Over() {
				ann.checkView(t, g)
			}
		}
	}
	if r.AllowPendingDeclarations {
		ann.checkEnd(t, g)
	}
	// The game's end is its last event (a trump fixed by a meld that ended the game under
	// end_check=immediate once followed it).
	if got := g.Events(); !slices.Equal(got, log) {
		t.Fatalf("%s seed %s: the game's log (%d events) is not the events Apply returned (%d)", r.Variant, seed, len(got), len(log))
	}
	if last := log[len(log)-1]; last.Kind != EvGameEnd {
		t.Fatalf("%s seed %s: the last event is %s, not the game's end", r.Variant, seed, last)
	}
	checkScoresMatchEvents(t, g, log)
	*buf = log
	return g.deal, ann
}

// probeUnlisted applies random actions that Legal did not list and checks that each one is refused
// unless it is interchangeable with a listed one.
func probeUnlisted(t testing.TB, g *Game, s int, legal []Action, rng *rand.Rand) {
	for k := 0; k < 2; k++ {
		var a Action
		switch rng.IntN(5) {
		case 4:
			a = Action{Kind: DeclareCarteBlanche, Card: NoCard}
		case 0:
			a = Play(Card(rng.IntN(g.ncards)))
		case 1:
			held := g.held[s][:g.nheld[s]]
			if g.rules.Variant.Partnership() {
				p := (s + 2) % 4
				for _, c := range g.held[p][:g.nheld[p]] {
					if g.cs[c].loc == locTable {
						held = append(held[:len(held):len(held)], c)
					}
				}
			}
			var cs CardSet
			for _, c := range held {
				if rng.IntN(3) == 0 && cs.Len() < MaxMeldCards {
					cs.Add(c)
				}
			}
			a = Action{Kind: DeclareMeld, Meld: Meld{Cards: cs}}
		case 2:
			a = Action{Kind: ExchangeSeven + ActionKind(rng.IntN(2)), Card: Card(rng.IntN(g.ncards))}
		default:
			a = Action{Kind: PassMeld + ActionKind(rng.IntN(2)), Card: NoCard}
		}
		if g.check(s, a) != nil {
			continue
		}
		found := false
		for _, l := range legal {
			if g.equivalent(a, l) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%s: unlisted action %s by seat %d accepted in %s; listed %v", g.rules.Variant, a, s, g.phase, legal)
		}
	}
}

// equivalent reports whether two actions differ only by interchangeable copies.
func (g *Game) equivalent(a, b Action) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case PlayCard, ExchangeSeven, DeclareSeven:
		return a.Card.Face() == b.Card.Face() && g.cs[a.Card].owner == g.cs[b.Card].owner && g.interchangeable(a.Card, b.Card)
	case DeclareMeld:
		if a.Meld.Cards.Len() != b.Meld.Cards.Len() {
			return false
		}
		var ka, kb []groupKey
		for i := 0; i < a.Meld.Cards.Len(); i++ {
			ka = append(ka, g.groupKey(a.Meld.Cards.At(i)))
			kb = append(kb, g.groupKey(b.Meld.Cards.At(i)))
		}
		for _, k := range ka {
			i := slices.Index(kb, k)
			if i < 0 {
				return false
			}
			kb = append(kb[:i], kb[i+1:]...)
		}
		return true
	}
	return true
}

// checkInvariants checks card conservation and hand sizes (RULES.md §7) after events; inDeck
// holds [Rules.inDeck] of every card id, computed once a game. Like the other checks run after
// every action, it does not call t.Helper: Helper's stack walk was 8 % of the long run.
func checkInvariants(t testing.TB, g *Game, inDeck *[MaxCards]bool, events []Event) {
	if g.Over() {
		return
	}
	var seen [MaxCards]int
	count := func(c Card, where string) {
		seen[c]++
		if seen[c] > 1 {
			t.Fatalf("card %s twice (%s)", c, where)
		}
	}
	for s := 0; s < g.n; s++ {
		for _, c := range g.held[s][:g.nheld[s]] {
			count(c, "held")
			if int(g.cs[c].owner) != s || (g.cs[c].loc != locHand && g.cs[c].loc != locTable) {
				t.Fatalf("held card %s of seat %d has state %+v", c, s, g.cs[c])
			}
		}
	}
	for _, c := range g.stock[g.stockTop:g.stockEnd] {
		count(c, "stock")
	}
	if g.turnUp != NoCard {
		count(g.turnUp, "turn-up")
	}
	won := 0
	for c := 0; c < g.ncards; c++ {
		switch g.cs[c].loc {
		case locWon:
			count(Card(c), "won")
			won++
		case locTrick:
			count(Card(c), "trick")
		}
	}
	for c := 0; c < g.ncards; c++ {
		want := 0
		if inDeck[c] {
			want = 1
		}
		if seen[c] != want {
			t.Fatalf("card %s seen %d times, want %d", Card(c), seen[c], want)
		}
	}
	drew := false
	for _, e := range events {
		drew = drew || e.Kind == EvDraw
	}
	if drew && g.phase != PhaseOver {
		for s := 0; s < g.n; s++ {
			if g.nheld[s] != g.hand {
				t.Fatalf("after the draw seat %d holds %d cards", s, g.nheld[s])
			}
		}
	}
	if g.phase == PhaseTrick || g.phase == PhaseWindow {
		if g.trickNo > phase1Tricks(g.rules) {
			t.Fatalf("phase-1 trick %d", g.trickNo)
		}
	}
}

// phase1Tricks is the number of phase-1 tricks of a deal (RULES.md §7): 24, Rubicon 55,
// six-pack 84.
func phase1Tricks(r Rules) int {
	v := r.Variant
	return (r.Deck - v.Players()*v.HandSize()) / v.Players()
}

// checkScoresMatchEvents checks that each side's total equals the sum of its scoring events, and
// the trick and brisque counts of every complete deal (RULES.md §7); log is the game's events.
func checkScoresMatchEvents(t testing.TB, g *Game, log []Event) {
	t.Helper()
	var sum, deal [4]int // the game's points and the deal's, per side
	tricks := map[int]int{}
	brisques := map[int]int{}
	ended := map[int]bool{}
	for _, e := range log {
		switch e.Kind {
		case EvTurnUpSeven, EvSevenPlayed, EvTrick, EvMeld, EvSevenExchange, EvSevenDeclare, EvLastTrick, EvBrisques, EvCarteBlanche:
			sum[e.Side] += e.Points
			deal[e.Side] += e.Points
		}
		switch e.Kind {
		case EvDeal:
			deal = [4]int{}
		case EvDealEnd, EvGameEnd:
			// A deal's end, and the game's, give what the deal's events scored for each side.
			if e.DealPoints != deal || e.Totals != sum {
				t.Fatalf("%s: deal points %v and totals %v, the events sum to %v and %v", e, e.DealPoints, e.Totals, deal, sum)
			}
		}
		switch e.Kind {
		case EvTrick:
			tricks[e.Deal]++
			for i := 0; i < e.Cards.Len(); i++ {
				if e.Cards.At(i).Rank().Brisque() {
					brisques[e.Deal]++
				}
			}
		case EvDealEnd:
			ended[e.Deal] = true
		}
	}
	checkTrumpFixing(t, g, log)
	for side := 0; side < g.rules.Variant.Sides(); side++ {
		if sum[side] != g.totals[side] {
			t.Fatalf("side %d total %d, events sum to %d", side, g.totals[side], sum[side])
		}
	}
	// RULES.md §7: 24 + 8, four-handed duels 24 + 2×8, Rubicon 55 + 9, six-pack 84 + 12; deck=63 13 + 8.
	wantTricks := phase1Tricks(g.rules) + g.hand
	if g.n == 4 && g.rules.Phase2 == Phase2Duels {
		wantTricks += g.hand // the second duel
	}
	for d := range ended {
		if tricks[d] != wantTricks {
			t.Fatalf("deal %d had %d tricks, want %d", d, tricks[d], wantTricks)
		}
		if brisques[d] != 8*g.rules.packs() {
			t.Fatalf("deal %d had %d brisques, want %d", d, brisques[d], 8*g.rules.packs())
		}
	}
	if g.Winner() < 0 && (!g.rules.Variant.OneDeal() || g.totals[0] != g.totals[1]) {
		t.Fatalf("game over without a winner, totals %v", g.totals[:2])
	}
}

// checkTrumpFixing checks trump in the rules without a turn-up (RULES.md §3.6.3, §8.11): a deal
// starts without trump; at most one trump_fixed per deal, right after a royal marriage or a
// sequence of that suit; before it no common marriage or back door, after it no meld of another
// suit scores as royal marriage or sequence; log is the game's events.
func checkTrumpFixing(t testing.TB, g *Game, log []Event) {
	t.Helper()
	if g.rules.TurnUpTrump {
		return
	}
	trump := NoSuit
	for i, e := range log {
		switch e.Kind {
		case EvDeal:
			if e.Trump != NoSuit || e.Card != NoCard {
				t.Fatalf("deal %d without a turn-up starts with trump %s, turn-up %s", e.Deal, e.Trump, e.Card)
			}
			trump = NoSuit
		case EvTrumpFixed:
			m := log[i-1]
			if trump != NoSuit || m.Kind != EvMeld || (m.Meld.Kind != RoyalMarriage && m.Meld.Kind != Sequence) || m.Meld.Cards.At(0).Suit() != e.Trump {
				t.Fatalf("deal %d: trump %s fixed after %s (trump was %s)", e.Deal, e.Trump, m, trump)
			}
			trump = e.Trump
		case EvMeld:
			switch k := e.Meld.Kind; {
			case trump == NoSuit && (k == CommonMarriage || k == BackDoor):
				t.Fatalf("deal %d: %s before trump is fixed", e.Deal, e.Meld)
			case trump != NoSuit && (k == RoyalMarriage || k == Sequence) && e.Meld.Cards.At(0).Suit() != trump:
				t.Fatalf("deal %d: %s with trump %s", e.Deal, e.Meld, trump)
			case trump == NoSuit && (k == RoyalMarriage || k == Sequence) && log[i+1].Kind != EvTrumpFixed:
				t.Fatalf("deal %d: %s did not fix trump", e.Deal, e.Meld)
			}
		}
	}
}
