package engine

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// recordDeal plays the first deal of a game with random legal actions and returns the game as
// dealt and the actions in order (seat, action).
func recordDeal(tb testing.TB, v Variant, seed uint64) (*Game, []int, []Action) {
	tb.Helper()
	g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(seed)})
	if err != nil {
		tb.Fatal(err)
	}
	start := g.Clone()
	rng := rand.New(rand.NewPCG(seed, 1))
	var seats []int
	var actions []Action
	var buf []Action
	for g.Deal() == 1 && !g.Over() {
		s := g.Turn()
		buf = g.Legal(s, buf[:0])
		a := buf[rng.IntN(len(buf))]
		if _, err := g.Apply(s, a); err != nil {
			tb.Fatal(err)
		}
		seats = append(seats, s)
		actions = append(actions, a)
	}
	return start, seats, actions
}

// BenchmarkRandomDeal plays one whole deal per iteration with uniformly random legal actions:
// NewGame, then Legal and Apply until the deal ends. Goals (issue 2): two-handed under 50 µs,
// four-handed under 200 µs.
func BenchmarkRandomDeal(b *testing.B) {
	for _, v := range Variants {
		b.Run(string(v), func(b *testing.B) {
			b.ReportAllocs()
			rng := rand.New(rand.NewPCG(1, 2))
			var buf []Action
			for i := 0; i < b.N; i++ {
				g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(uint64(i))})
				if err != nil {
					b.Fatal(err)
				}
				for g.Deal() == 1 && !g.Over() {
					s := g.Turn()
					buf = g.Legal(s, buf[:0])
					if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkPlayedGameMemory plays b.N whole games with uniformly random legal actions, keeps
// them, and reports what a game holds at its end (B/game: the heap in use after a GC, divided by
// b.N), most of it the event log of every deal, and its events (events/game). A referee holds
// one such game per table until the table ends.
func BenchmarkPlayedGameMemory(b *testing.B) {
	for _, v := range []Variant{TwoHanded, FourHanded} {
		b.Run(string(v), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			games := make([]*Game, b.N)
			var buf []Action
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			events := 0
			for i := range games {
				g, err := NewGame(DefaultRules(v), Dealing{Seed: SeedFromUint64(uint64(i))})
				if err != nil {
					b.Fatal(err)
				}
				for !g.Over() {
					s := g.Turn()
					buf = g.Legal(s, buf[:0])
					if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
						b.Fatal(err)
					}
				}
				games[i] = g
				events += g.NumEvents()
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(b.N), "B/game")
			b.ReportMetric(float64(events)/float64(b.N), "events/game")
			runtime.KeepAlive(games)
		})
	}
}

// BenchmarkApply replays a recorded deal: Apply only, every kind of action. It reports ns per
// action; allocs/op is per replayed deal (the state is copied back into one Game each time).
func BenchmarkApply(b *testing.B) {
	for _, v := range Variants {
		b.Run(string(v), func(b *testing.B) {
			tmpl, seats, actions := recordDeal(b, v, 3)
			tmpl.log = make([]loggedEvent, 0, 4096)
			tmpl.fresh = make([]Event, 0, freshPrealloc) // as a game has from its first action
			g := new(Game)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				*g = *tmpl
				for k, a := range actions {
					if _, err := g.Apply(seats[k], a); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(actions)), "ns/action")
		})
	}
}

// BenchmarkLegal lists the legal actions of the seat to act at every point of a recorded deal.
// It reports ns per Legal call.
func BenchmarkLegal(b *testing.B) {
	for _, v := range []Variant{TwoHanded, FourHanded, Rubicon, SixPack} {
		b.Run(string(v), func(b *testing.B) {
			tmpl, seats, actions := recordDeal(b, v, 4)
			var states []*Game
			g := tmpl.Clone()
			for k, a := range actions {
				states = append(states, g.Clone())
				if _, err := g.Apply(seats[k], a); err != nil {
					b.Fatal(err)
				}
			}
			buf := make([]Action, 0, 64)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, s := range states {
					buf = s.Legal(s.Turn(), buf[:0])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(states)), "ns/legal")
		})
	}
}

// TestApplyPlayAllocatesNothing checks the goal that applying a card play allocates nothing.
func TestApplyPlayAllocatesNothing(t *testing.T) {
	for _, v := range Variants {
		tmpl, seats, actions := recordDeal(t, v, 5)
		tmpl.log = make([]loggedEvent, 0, 4096)
		g := tmpl.Clone()
		var plays []*Game
		var playSeats []int
		var playActs []Action
		for k, a := range actions {
			if a.Kind == PlayCard {
				c := g.Clone()
				c.log = make([]loggedEvent, len(g.log), 4096)
				copy(c.log, g.log)
				plays = append(plays, c)
				playSeats = append(playSeats, seats[k])
				playActs = append(playActs, a)
			}
			if _, err := g.Apply(seats[k], a); err != nil {
				t.Fatal(err)
			}
		}
		work := new(Game)
		i := 0
		allocs := testing.AllocsPerRun(len(plays)-1, func() {
			*work = *plays[i]
			if _, err := work.Apply(playSeats[i], playActs[i]); err != nil {
				t.Fatal(err)
			}
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: Apply of a card play allocates %.2f times", v, allocs)
		}
	}
}
