package engine

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// TestEventFieldsByKind plays random games and checks every event against the field comments
// of Event: which fields each kind sets, what Trick, Duel, Brisques and Points mean for it, and that
// Totals is 0 beyond Sides, the variant's sides.
func TestEventFieldsByKind(t *testing.T) {
	cases := []struct {
		v    Variant
		opts map[string]string
	}{
		{TwoHanded, nil},
		{TwoHanded, map[string]string{"trick_scoring": "card_points", "seven_scores_on_play": "true"}},
		{TwoHanded, map[string]string{"count_brisques_immediately": "true"}},
		{ThreeHanded, nil},
		{FourHanded, nil},
		{FourHanded, map[string]string{"partnership_phase2": "all_four"}},
		{FourHandedIndividual, nil},
	}
	seen := map[EventKind]int{}
	for i, c := range cases {
		r, err := NewRules(c.v, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for game := range 3 {
			g, err := NewGame(r, Dealing{Seed: SeedFromUint64(uint64(100*i + game))})
			if err != nil {
				t.Fatal(err)
			}
			var legal []Action
			for !g.Over() {
				s := g.Turn()
				legal = g.Legal(s, legal[:0])
				if _, err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			checkEventFields(t, g, seen)
		}
	}
	for k := EvDeal; k <= EvGameEnd; k++ {
		if seen[k] == 0 {
			t.Errorf("no %s event in the games played: its fields were not checked", k)
		}
	}
}

// checkEventFields checks every event of a finished game against Event's field comments and
// counts the kinds in seen.
func checkEventFields(t *testing.T, g *Game, seen map[EventKind]int) {
	t.Helper()
	r := g.Rules()
	sides := r.Variant.Sides()
	cardPts := map[Rank]int{Ace: 11, Ten: 10, King: 4, Queen: 3, Jack: 2}
	var (
		deal, dealer, trickNo, duel int
		stock                       int
		turnUp                      Card
		brisques, trickPts          [4]int
	)
	for i, e := range g.Events() {
		seen[e.Kind]++
		fail := func(what string, got, want any) {
			t.Helper()
			t.Fatalf("%s event %d (%s): %s = %v, want %v", r.Variant, i, e, what, got, want)
		}
		// Fields that only some kinds set.
		if e.Kind == EvDeal {
			deal++
			if e.Trump != e.Card.Suit() {
				fail("Trump", e.Trump, e.Card.Suit())
			}
		}
		if e.Deal != deal {
			fail("Deal", e.Deal, deal)
		}
		if e.Kind != EvSevenExchange && e.Taken != NoCard {
			fail("Taken", e.Taken, NoCard)
		}
		if e.Kind != EvDeal && e.Trump != 0 {
			fail("Trump", e.Trump, Suit(0))
		}
		if e.Kind != EvHand && e.Kind != EvTrick && e.Cards.Len() != 0 {
			fail("Cards", e.Cards, "none")
		}
		if e.Kind != EvMeld && !reflect.DeepEqual(e.Meld, Meld{}) {
			fail("Meld", e.Meld, Meld{})
		}
		if e.Kind != EvTrick && e.Trick != 0 {
			fail("Trick", e.Trick, 0)
		}
		if e.Kind != EvPhase2 && e.Duel != 0 {
			fail("Duel", e.Duel, 0)
		}
		if e.Kind != EvBrisques && e.Brisques != 0 {
			fail("Brisques", e.Brisques, 0)
		}
		if e.Kind != EvPlay && e.FromTable {
			fail("FromTable", true, false)
		}
		if e.Kind != EvDraw && e.Revealed {
			fail("Revealed", true, false)
		}
		// Stock: the pack less the hands once dealt, then one less a draw.
		want := 0
		switch e.Kind {
		case EvDeal:
			stock = g.ncards - g.n*g.hand
			want = stock
		case EvDraw:
			stock--
			want = stock
		}
		if e.Stock != want {
			fail("Stock", e.Stock, want)
		}
		// Private: a hand, and a face-down draw (not revealed, not the turn-up).
		if want := e.Kind == EvHand || e.Kind == EvDraw && !e.Revealed && e.Card != turnUp; e.Private != want {
			fail("Private", e.Private, want)
		}
		if e.Kind != EvDealEnd && e.Kind != EvGameEnd && (e.Totals != [4]int{} || e.Sides != 0) {
			fail("Totals, Sides", e.Totals, [4]int{})
		}
		if (e.Kind == EvDealEnd || e.Kind == EvGameEnd) && int(e.Sides) != sides {
			fail("Sides", e.Sides, sides)
		}
		for s := sides; s < len(e.Totals); s++ {
			if e.Totals[s] != 0 {
				fail("Totals beyond the sides", e.Totals, sides)
			}
		}
		// Seat and Side.
		switch e.Kind {
		case EvBrisques, EvGameEnd:
			if e.Seat != NoSeat {
				fail("Seat", e.Seat, NoSeat)
			}
		default:
			if e.Seat < 0 || e.Seat >= r.Variant.Players() {
				fail("Seat", e.Seat, "a seat")
			}
		}
		switch e.Kind {
		case EvDeal, EvDealEnd:
			if e.Side != NoSide {
				fail("Side", e.Side, NoSide)
			}
		case EvBrisques, EvGameEnd:
			if e.Side < 0 || e.Side >= sides {
				fail("Side", e.Side, "a side")
			}
		default:
			if e.Side != g.Side(e.Seat) {
				fail("Side", e.Side, g.Side(e.Seat))
			}
		}
		// Card.
		switch e.Kind {
		case EvDeal, EvTurnUpSeven, EvPlay, EvSevenPlayed, EvSevenExchange, EvSevenDeclare, EvDraw:
			if e.Card == NoCard {
				fail("Card", e.Card, "a card")
			}
		default:
			if e.Card != NoCard {
				fail("Card", e.Card, NoCard)
			}
		}
		// Points, Count and the kind's own fields.
		wantPoints := 0
		switch e.Kind {
		case EvDeal:
			dealer, turnUp, trickNo, duel = e.Seat, e.Card, 0, 0
			brisques, trickPts = [4]int{}, [4]int{}
		case EvTurnUpSeven, EvSevenPlayed, EvSevenDeclare, EvLastTrick:
			wantPoints = 10
		case EvSevenExchange:
			if e.Taken != turnUp {
				fail("Taken", e.Taken, turnUp)
			}
			turnUp = e.Card
			wantPoints = 10
		case EvMeld:
			wantPoints = e.Meld.Points
		case EvTrick:
			trickNo++
			if int(e.Trick) != trickNo {
				fail("Trick", e.Trick, trickNo)
			}
			pts := 0
			for k := range e.Cards.Len() {
				c := e.Cards.At(k)
				if c.Rank() == Ace || c.Rank() == Ten {
					brisques[e.Side]++
					if r.TrickScoring == "brisques" {
						pts += 10
					}
				}
				if r.TrickScoring == "card_points" {
					pts += cardPts[c.Rank()]
				}
			}
			trickPts[e.Side] += pts
			if r.CountBrisquesImmediately {
				wantPoints = pts
			}
		case EvPhase2:
			want := 0
			if r.Variant.Players() == 4 && r.Phase2 == "duels" {
				duel++
				want = duel
			}
			if int(e.Duel) != want {
				fail("Duel", e.Duel, want)
			}
		case EvBrisques:
			if int(e.Brisques) != brisques[e.Side] {
				fail("Brisques", e.Brisques, brisques[e.Side])
			}
			wantPoints = trickPts[e.Side]
		case EvDealEnd:
			if e.Seat != dealer {
				fail("Seat (dealer)", e.Seat, dealer)
			}
		}
		if e.Points != wantPoints {
			fail("Points", e.Points, wantPoints)
		}
		if e.Kind == EvGameEnd && !slices.Equal(e.Totals[:e.Sides], g.Totals()) {
			fail("Totals", e.Totals, g.Totals())
		}
	}
}

// TestEventSize: the log holds an event in 72 bytes (loggedEvent), so that its room for
// logPrealloc events at the first action (18 KB) is one size class of Go's allocator and a
// two-handed game's 1 500 events or so take 108 KB, not the 240 KB of as many Events (160 bytes).
func TestEventSize(t *testing.T) {
	if got := unsafe.Sizeof(loggedEvent{}); got != 72 || logPrealloc*got != 18<<10 {
		t.Fatalf("a logged event is %d bytes, logPrealloc %d: the log's room is %d bytes, want 72 and 18432", got, logPrealloc, logPrealloc*got)
	}
}
