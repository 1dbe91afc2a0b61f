package service

import (
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
)

// TestViewReusesPastTricks: a table's views, which reuse the wire form of the deal's finished
// tricks, equal views built from nothing, for every seat, at random decisions (one in eight, so
// that deals also change between two views) of whole random games of every variant.
func TestViewReusesPastTricks(t *testing.T) {
	for _, v := range engine.Variants {
		t.Run(string(v), func(t *testing.T) {
			g, err := engine.NewGame(engine.DefaultRules(v), engine.Dealing{Seed: engine.SeedFromUint64(11)})
			if err != nil {
				t.Fatal(err)
			}
			tb := &table{game: g}
			rng := rand.New(rand.NewPCG(5, 6))
			var buf []engine.Action
			reused := 0
			for steps := 0; !g.Over() && steps < 5000; steps++ {
				s := g.Turn()
				buf = g.Legal(s, buf[:0])
				if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				if rng.IntN(8) != 0 {
					continue
				}
				before := tb.pastTricks
				for seat := range v.Players() {
					got, want := tb.view(seat), ViewToProto(g.View(seat), nil)
					if !proto.Equal(got, want) {
						t.Fatalf("step %d seat %d: view\n%v\nwant\n%v", steps, seat, got, want)
					}
				}
				if len(before) > 0 && len(tb.pastTricks) >= len(before) && tb.pastTricks[0] == before[0] {
					reused++
				}
			}
			if !g.Over() || reused == 0 {
				t.Fatalf("game over %v, views that reused a trick %d", g.Over(), reused)
			}
		})
	}
}
