package engine

import (
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestViewTrickWinnerAndBeating checks the view's trick winner and the viewing seat's cards that
// would take the trick, in the four-handed game (hearts trumps): the trick winner changes hands
// as seats play, a same-face copy does not beat the first played (RULES.md §1.2), and a trump
// beats any plain card.
func TestViewTrickWinnerAndBeating(t *testing.T) {
	p := setup(t, position{variant: FourHanded, turnUp: "8Ha", fill: 20,
		hands: []string{"TSa 9Da", "ASa 7Ha KDa", "TSb JSa 7Hb", "QSa 9Ca"}})
	p.trick(0)
	v := p.g.View(1)
	if want := (PlayedCard{Seat: NoSeat, Card: NoCard}); v.TrickWinner != want || v.Beating != nil {
		t.Fatalf("before the lead: winner %v, beating %v; want %v and none", v.TrickWinner, v.Beating, want)
	}
	p.do(0, p.play("TSa"))
	v = p.g.View(1)
	if want := (PlayedCard{Seat: 0, Card: card(t, "TSa")}); v.TrickWinner != want {
		t.Fatalf("after TSa: winner %v, want %v", v.TrickWinner, want)
	}
	if want := cards(t, "ASa 7Ha"); !reflect.DeepEqual(v.Beating, want) {
		t.Fatalf("seat 1 after TSa: beating %v, want %v", v.Beating, want)
	}
	p.do(1, p.play("ASa"))
	v = p.g.View(2)
	if want := (PlayedCard{Seat: 1, Card: card(t, "ASa")}); v.TrickWinner != want {
		t.Fatalf("after ASa: winner %v, want %v", v.TrickWinner, want)
	}
	if want := cards(t, "7Hb"); !reflect.DeepEqual(v.Beating, want) {
		t.Fatalf("seat 2 after ASa: beating %v, want %v (TSb and JSa are lower)", v.Beating, want)
	}
	if s := p.g.View(NoSeat); s.Beating != nil || s.TrickWinner.Seat != 1 {
		t.Fatalf("spectator: winner %v, beating %v; want seat 1 and none", s.TrickWinner, s.Beating)
	}
}

// TestViewMeldValues checks the meld table a view carries: the engine's values under the rules,
// with the bezique levels a variant's packs cannot form at 0 and quadruple_value applied.
func TestViewMeldValues(t *testing.T) {
	base := [NumMeldKinds]int{CommonMarriage: 20, RoyalMarriage: 40, Sequence: 250, Bezique: 40, DoubleBezique: 500,
		FourAces: 100, FourKings: 80, FourQueens: 60, FourJacks: 40}
	three, four, four9 := base, base, base
	three[TripleBezique] = 1500
	four[TripleBezique], four[QuadrupleBezique] = 1500, 4500
	four9[TripleBezique], four9[QuadrupleBezique] = 1500, 9000
	for _, c := range []struct {
		v    Variant
		opts map[string]string
		want [NumMeldKinds]int
	}{
		{TwoHanded, nil, base},
		{ThreeHanded, nil, three},
		{FourHanded, nil, four},
		{FourHanded, map[string]string{"quadruple_value": "9000"}, four9},
	} {
		r, err := NewRules(c.v, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := NewGame(r, Dealing{Seed: SeedFromUint64(1)})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.View(0).MeldValues; got != c.want {
			t.Errorf("%s %v: meld values %v, want %v", c.v, c.opts, got, c.want)
		}
	}
}

// TestViewSince checks that ViewSince fills, at every position of random games of every variant
// (every other game under random options), exactly the view View returns for every seat and
// the spectators, its Tricks from the from-th on, for from 0, the tricks finished less one, and
// the tricks finished and one more; the view it fills is reused across seats, positions, deals
// and games, and an empty list where View has nil counts as the same. It also checks that with
// from at the tricks finished it allocates only the plays of the trick in progress: nothing
// before the lead, one backing array after. With -short it plays one game of each variant.
func TestViewSince(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	var v View // reused by every call
	for _, variant := range Variants {
		rng := rand.New(rand.NewPCG(uint64(len(variant)), 11))
		positions, lead, follow := 0, 0, 0
		for game := range games {
			r := DefaultRules(variant)
			if game%2 == 1 {
				r = randomRules(t, variant, rng)
			}
			g, err := NewGame(r, Dealing{Seed: SeedFromUint64(uint64(game))})
			if err != nil {
				t.Fatal(err)
			}
			var legal []Action
			for {
				for seat := NoSeat; seat < variant.Players(); seat++ {
					full := g.View(seat)
					done := len(full.Tricks)
					for _, from := range []int{0, max(done-1, 0), done, done + 1} {
						g.ViewSince(&v, seat, from)
						want := full
						want.Tricks = full.Tricks[min(from, done):]
						if got := nilEmpty(v); !reflect.DeepEqual(got, nilEmpty(want)) {
							t.Fatalf("%s game %d trick %d seat %d from %d:\nViewSince %+v\nView      %+v", variant, game, full.TrickNo, seat, from, got, nilEmpty(want))
						}
					}
					if seat == NoSeat {
						continue
					}
					want := 0.0
					if len(full.Trick) > 0 {
						want, follow = 1, follow+1
					} else {
						lead++
					}
					if got := testing.AllocsPerRun(5, func() { g.ViewSince(&v, seat, done) }); got != want {
						t.Fatalf("%s game %d trick %d seat %d: ViewSince from %d allocates %v times, want %v (%d plays in the trick)", variant, game, full.TrickNo, seat, done, got, want, len(full.Trick))
					}
				}
				positions++
				if g.Over() {
					break
				}
				s := g.Turn()
				legal = g.Legal(s, legal[:0])
				if _, err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if lead == 0 || follow == 0 {
			t.Fatalf("%s: %d positions before a lead, %d after: want both", variant, lead, follow)
		}
		t.Logf("%s: %d positions", variant, positions)
	}
}

// nilEmpty returns v with its empty lists nil.
func nilEmpty(v View) View {
	v.Tabled, v.ShownInHand = slices.Clone(v.Tabled), slices.Clone(v.ShownInHand)
	for s := range v.Tabled {
		v.Tabled[s], v.ShownInHand[s] = orNil(v.Tabled[s]), orNil(v.ShownInHand[s])
	}
	v.Pending, v.HandSizes, v.Hand, v.Trick = orNil(v.Pending), orNil(v.HandSizes), orNil(v.Hand), orNil(v.Trick)
	v.Tricks, v.Beating, v.DealPoints, v.Totals, v.SpentSevens = orNil(v.Tricks), orNil(v.Beating), orNil(v.DealPoints), orNil(v.Totals), orNil(v.SpentSevens)
	return v
}

// orNil returns s, nil when it is empty.
func orNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestViewPlaysFromTable: every play a view shows (the trick in progress, its winner so far, the
// deal's finished tricks) says whether its card came from the seat's tabled cards, as the play's
// event did. Views said false of every play, and the wire's from_table (full and compact) with
// them (an outside audit of the views).
func TestViewPlaysFromTable(t *testing.T) {
	for _, v := range Variants {
		rng := rand.New(rand.NewPCG(7, uint64(len(v))))
		fromTable, checked := 0, 0
		for i := range 10 {
			g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(uint64(i))})
			if err != nil {
				t.Fatal(err)
			}
			tabled := map[Card]bool{} // each card's latest play: a deal plays each card once
			var legal []Action
			for !g.Over() {
				s := g.Turn()
				legal = g.Legal(s, legal[:0])
				evs, err := g.Apply(s, legal[rng.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range evs {
					if e.Kind == EvPlay {
						tabled[e.Card] = e.FromTable
						if e.FromTable {
							fromTable++
						}
					}
				}
				if g.Over() {
					break
				}
				view := g.View(g.Turn())
				plays := slices.Clone(view.Trick)
				for _, tr := range view.Tricks {
					plays = append(plays, tr.Plays...)
				}
				if view.TrickWinner.Seat != NoSeat {
					plays = append(plays, view.TrickWinner)
				}
				for _, p := range plays {
					checked++
					if p.FromTable != tabled[p.Card] {
						t.Fatalf("%s seed %d: the view shows %s played by seat %d with FromTable %v; its event said %v", v, i, p.Card, p.Seat, p.FromTable, tabled[p.Card])
					}
				}
			}
		}
		if fromTable == 0 || checked == 0 {
			t.Fatalf("%s: %d plays from the table, %d plays checked: the test saw nothing", v, fromTable, checked)
		}
	}
}

// TestViewDuelSeatsOutsideDuels: outside the four-handed duels a view's DuelSeats are [NoSeat,
// NoSeat]; the last deal's duel seats stayed in the next deal's views (an outside audit of the
// views).
func TestViewDuelSeatsOutsideDuels(t *testing.T) {
	for _, v := range []Variant{FourHanded, FourHandedIndividual} {
		rng := rand.New(rand.NewPCG(3, 4))
		g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(1)})
		if err != nil {
			t.Fatal(err)
		}
		duels := 0
		var legal []Action
		for !g.Over() && g.Deal() < 3 {
			view := g.View(NoSeat)
			if view.Duel == 0 && view.DuelSeats != [2]int{NoSeat, NoSeat} {
				t.Fatalf("%s deal %d: no duel, duel seats %v", v, g.Deal(), view.DuelSeats)
			}
			if view.Duel != 0 {
				duels++
			}
			s := g.Turn()
			legal = g.Legal(s, legal[:0])
			if _, err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		if duels == 0 || g.Deal() < 2 {
			t.Fatalf("%s: %d views in a duel, deal %d: the test saw no duel, or no deal after one", v, duels, g.Deal())
		}
	}
}

// TestViewShownInHand: at every position of random games of every variant (every other game under
// random options), every view's ShownInHand is, seat by seat, the cards in hand that the events showed
// every seat and that have not left the hand since, rebuilt from the public events alone: a carte
// blanche's cards, a trump seven declared, the turn-up taken by an exchange or by the last drawer,
// the last stock card drawn face up, the tabled cards taken back into the hand for phase 2. The
// view kept none of them (an outside audit of the views: a bot had to keep them from the events).
func TestViewShownInHand(t *testing.T) {
	sources := map[string]int{}
	for _, variant := range Variants {
		games := 12
		if variant == Rubicon || variant == SixPack {
			games = 150 // a carte blanche is rare: 1.5 % of Rubicon's hands, 0.4 % of six-pack's
		}
		rng := rand.New(rand.NewPCG(uint64(len(variant)), 29))
		for game := range games {
			r := DefaultRules(variant)
			if game%2 == 1 {
				r = randomRules(t, variant, rng)
			}
			g, err := NewGame(r, Dealing{Seed: SeedFromUint64(uint64(game))})
			if err != nil {
				t.Fatal(err)
			}
			shown := make([]map[Card]bool, variant.Players())
			for s := range shown {
				shown[s] = map[Card]bool{}
			}
			var legal []Action
			for !g.Over() {
				before := g.View(NoSeat)
				s := g.Turn()
				legal = g.Legal(s, legal[:0])
				evs, err := g.Apply(s, legal[rng.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range evs {
					switch e.Kind {
					case EvDeal:
						for s := range shown {
							clear(shown[s])
						}
					case EvPlay:
						delete(shown[e.Seat], e.Card)
					case EvMeld:
						for i := range e.Meld.Cards.Len() {
							delete(shown[e.Seat], e.Meld.Cards.At(i))
						}
					case EvCarteBlanche:
						sources["carte blanche"]++
						for i := range e.Cards.Len() {
							shown[e.Seat][e.Cards.At(i)] = true
						}
					case EvSevenDeclare:
						sources["seven declared"]++
						shown[e.Seat][e.Card] = true
					case EvSevenExchange:
						sources["seven exchanged"]++
						delete(shown[e.Seat], e.Card)
						shown[e.Seat][e.Taken] = true
					case EvDraw:
						if !e.Private {
							sources["drawn face up"]++
							shown[e.Seat][e.Card] = true
						}
					case EvPhase2:
						if e.Duel > 1 {
							continue
						}
						for s, tabled := range before.Tabled {
							for _, tc := range tabled {
								sources["taken back from the table"]++
								shown[s][tc.Card] = true
							}
						}
					}
				}
				if g.Over() {
					break
				}
				for _, seat := range []int{NoSeat, g.Turn()} { // the spectators', and a seat's
					v := g.View(seat)
					for s, want := range shown {
						if got, want := v.ShownInHand[s], slices.Sorted(maps.Keys(want)); !slices.Equal(got, want) {
							t.Fatalf("%s game %d deal %d trick %d, seat %d's view: seat %d shown %v, want %v", variant, game, v.Deal, v.TrickNo, seat, s, got, want)
						}
					}
				}
			}
		}
	}
	for _, source := range []string{"carte blanche", "seven declared", "seven exchanged", "drawn face up", "taken back from the table"} {
		if sources[source] == 0 {
			t.Errorf("no card %s in the games: the test did not see it (%v)", source, sources)
		}
	}
	t.Logf("cards shown: %v", sources)
}

// TestLegalListsSeenAndUnseenCopies: a seat holding two copies of a face in hand, one seen by
// every seat (View.ShownInHand) and one not, is offered a play of each when either may be played:
// they were listed once, by the lower id, so a seat whose lower copy was unseen could not play
// the seen one, and gave away that it held two (a re-trial); not in phase 2 of a game of two
// players, where every hand is known. The referee's auto-play plays a seen copy (in the hand or
// tabled).
func TestLegalListsSeenAndUnseenCopies(t *testing.T) {
	pairs, autoPlays := 0, 0
	for _, variant := range Variants {
		rng := rand.New(rand.NewPCG(uint64(len(variant)), 31))
		for game := range 8 {
			g, err := NewGame(DefaultRules(variant), Dealing{Seed: SeedFromUint64(uint64(game))})
			if err != nil {
				t.Fatal(err)
			}
			var legal []Action
			for !g.Over() {
				s := g.Turn()
				legal = g.Legal(s, legal[:0])
				v := g.View(s)
				plays := map[Card]bool{}
				for _, a := range legal {
					if a.Kind == PlayCard {
						plays[a.Card] = true
					}
				}
				// By face: which of its copies in hand are held (by seen or not), which listed.
				type copies struct{ held, listed [2]bool }
				faces := map[Face]*copies{}
				for _, c := range v.Hand {
					f := faces[c.Face()]
					if f == nil {
						f = &copies{}
						faces[c.Face()] = f
					}
					seen := b2i(slices.Contains(v.ShownInHand[s], c))
					f.held[seen] = true
					f.listed[seen] = f.listed[seen] || plays[c]
				}
				// The referee's auto-play never plays an unseen copy in hand while a copy of the face
				// that every seat has seen (in the hand, or tabled) may be played.
				seenCard := func(c Card) bool {
					return slices.Contains(v.ShownInHand[s], c) || slices.ContainsFunc(v.Tabled[s], func(tc TabledCard) bool { return tc.Card == c })
				}
				if da := g.DefaultAction(s); da.Kind == PlayCard && da.Card != NoCard && !seenCard(da.Card) {
					for c := range plays {
						if c.Face() == da.Card.Face() && seenCard(c) {
							t.Fatalf("%s game %d deal %d trick %d: seat %d's auto-play is %s, unseen, when %s may be played", variant, game, v.Deal, v.TrickNo, s, da.Card, c)
						}
					}
				} else if da.Kind == PlayCard {
					for c := range plays {
						if c.Face() == da.Card.Face() && !seenCard(c) {
							autoPlays++ // an unseen copy left unplayed
							break
						}
					}
				}
				for face, f := range faces {
					if v.Phase == PhaseTrick2 && variant.Players() == 2 {
						// Every hand is known then, by elimination: the copies are one action.
						if f.listed == [2]bool{true, true} {
							t.Fatalf("%s game %d deal %d trick %d, phase 2 of two players: seat %d offered a seen and an unseen %s: %v", variant, game, v.Deal, v.TrickNo, s, face, legal)
						}
						continue
					}
					if f.held[0] && f.held[1] && (f.listed[0] || f.listed[1]) {
						pairs++
						if f.listed != [2]bool{true, true} {
							t.Fatalf("%s game %d deal %d trick %d: seat %d holds %s seen (%v) and unseen: plays listed %v, want one of each", variant, game, v.Deal, v.TrickNo, s, face, v.ShownInHand[s], legal)
						}
					}
				}
				if _, err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if pairs == 0 || autoPlays == 0 {
		t.Fatalf("%d positions with seen and unseen copies of a face in one hand, %d auto-plays of such a face: the test saw too little", pairs, autoPlays)
	}
	t.Logf("%d positions with a seen and an unseen copy, %d auto-plays of such a face", pairs, autoPlays)
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
