package wire_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestCompactViewIsTheFullView plays random games of every variant and, at every position, checks
// that each seat's compact view and the public one, read from the wire and expanded, is exactly
// the full view (ViewToProto), and that it is smaller on the wire. The packed tricks are carried
// from view to view as the referee carries them, and the expanded ones as the Go SDK carries
// them, across deals; each view is also expanded from nothing. With -short it checks one game
// of each variant, every twentieth position.
func TestCompactViewIsTheFullView(t *testing.T) {
	games, every := 3, 1 // every how many positions to check
	if testing.Short() {
		games, every = 1, 20
	}
	for _, variant := range engine.Variants {
		t.Run(string(variant), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(len(variant)), 7))
			views, reused, fullBytes, compactBytes := 0, 0, 0, 0
			for game := range games {
				g, err := engine.NewGame(engine.DefaultRules(variant), engine.Dealing{Seed: engine.SeedFromUint64(uint64(game))})
				if err != nil {
					t.Fatal(err)
				}
				var packed wire.PackedTricks
				expanded := map[int][]*pb.Trick{} // each seat's finished tricks expanded before, as its SDK keeps them
				var buf []engine.Action
				for step := 0; ; step++ {
					seats := []int{engine.NoSeat}
					if !g.Over() {
						seats = append(seats, g.Turn())
					}
					if step%every != 0 && !g.Over() {
						seats = nil
					}
					for _, seat := range seats {
						v := g.View(seat)
						full, err := proto.Marshal(wire.ViewToProto(v, nil))
						if err != nil {
							t.Fatal(err)
						}
						compact, err := proto.Marshal(wire.CompactViewToProto(v, &packed))
						if err != nil {
							t.Fatal(err)
						}
						want := &pb.View{}
						if err := proto.Unmarshal(full, want); err != nil {
							t.Fatal(err)
						}
						for _, past := range [][]*pb.Trick{nil, expanded[seat]} {
							got := &pb.View{}
							if err := proto.Unmarshal(compact, got); err != nil {
								t.Fatal(err)
							}
							if !got.GetCompact() {
								t.Fatalf("game %d step %d seat %d: the compact view does not say it is compact", game, step, seat)
							}
							if err := wire.ExpandView(got, past); err != nil {
								t.Fatalf("game %d step %d seat %d: %v", game, step, seat, err)
							}
							if !proto.Equal(want, got) {
								t.Fatalf("game %d step %d seat %d (%d tricks expanded before): the expanded compact view\n%s\nis not the full view\n%s",
									game, step, seat, len(past), prototext.Format(got), prototext.Format(want))
							}
							if len(past) > 0 && len(got.PastTricks) > 0 && got.PastTricks[0] == past[0] {
								reused++
							}
							expanded[seat] = got.PastTricks
						}
						views, fullBytes, compactBytes = views+1, fullBytes+len(full), compactBytes+len(compact)
					}
					if g.Over() {
						break
					}
					s := g.Turn()
					buf = g.Legal(s, buf[:0])
					if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if reused == 0 {
				t.Fatal("no expansion reused the tricks expanded before")
			}
			if compactBytes >= fullBytes {
				t.Fatalf("compact views take %d bytes, full ones %d", compactBytes, fullBytes)
			}
			t.Logf("%d views: full %d bytes, compact %d (%.0f%%)", views, fullBytes, compactBytes, 100*float64(compactBytes)/float64(fullBytes))
		})
	}
}

// TestExpandViewRefusesMalformed checks that ExpandView names the field of a compact view that
// cannot be read, and leaves a full view as it is.
func TestExpandViewRefusesMalformed(t *testing.T) {
	for _, c := range []struct {
		name string
		view *pb.View
		want string
	}{
		{"sizes past the plays", &pb.View{Compact: true, PastTrickPlays: []uint32{1, 258}, PastTrickSizes: []uint32{3}, PastTrickWinners: []uint32{0}},
			"view.past_trick_sizes: they add up to 3 plays, past_trick_plays has 2"},
		{"a winner missing", &pb.View{Compact: true, PastTrickPlays: []uint32{1, 258}, PastTrickSizes: []uint32{2}},
			"view.past_trick_winners: 0 winners for 1 tricks (past_trick_sizes)"},
		{"a play too large", &pb.View{Compact: true, PastTrickPlays: []uint32{1, 2048}, PastTrickSizes: []uint32{2}, PastTrickWinners: []uint32{0}},
			"view.past_trick_plays: 2048 is not a play (card id + 256 * seat + 1024 * from_table)"},
		{"a card id too large in a trick", &pb.View{Compact: true, PastTrickPlays: []uint32{1, 256 + 192}, PastTrickSizes: []uint32{2}, PastTrickWinners: []uint32{0}},
			"view.past_trick_plays.id: 192 is not a card id (0..191)"},
		{"a card id too large in the hand", &pb.View{Compact: true, Hand: []*pb.Card{{Id: 3}, {Id: 200}}},
			"view.hand.id: 200 is not a card id (0..191)"},
	} {
		if err := wire.ExpandView(c.view, nil); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	full := &pb.View{Hand: []*pb.Card{{Id: 200}}}
	if err := wire.ExpandView(full, nil); err != nil || full.Hand[0].GetText() != "" {
		t.Errorf("full view: %v, hand %v", err, full.Hand)
	}
}

var update = flag.Bool("update", false, "rewrite botsdk/testdata/compact-views.hex")

// fixturePath holds compact views and their full forms for the Python and Node SDKs' tests of
// their expansion: one view a line, the compact form's bytes then the full form's, in hex.
var fixturePath = filepath.Join("..", "botsdk", "testdata", "compact-views.hex")

// TestCompactViewFixtures checks that botsdk/testdata/compact-views.hex holds what CompactViewToProto
// and ViewToProto make of three positions (early, mid and late in the first deal) of a seeded
// random game of every variant, from the view of the seat to act (go test -run
// TestCompactViewFixtures -update ./wire/ rewrites it), and that each compact view expands to its
// full view.
func TestCompactViewFixtures(t *testing.T) {
	var b strings.Builder
	b.WriteString("# compact view, then the full view, serialized bezique.v1.View in hex (wire's TestCompactViewFixtures)\n")
	for _, variant := range engine.Variants {
		g, err := engine.NewGame(engine.DefaultRules(variant), engine.Dealing{Seed: engine.SeedFromUint64(1)})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 1))
		var packed wire.PackedTricks
		var buf []engine.Action
		for _, at := range []int{2, 7, 15} {
			for g.View(engine.NoSeat).TrickNo < at {
				s := g.Turn()
				buf = g.Legal(s, buf[:0])
				if _, err := g.Apply(s, buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
			v := g.View(g.Turn())
			compact, err := proto.MarshalOptions{Deterministic: true}.Marshal(wire.CompactViewToProto(v, &packed))
			if err != nil {
				t.Fatal(err)
			}
			full, err := proto.MarshalOptions{Deterministic: true}.Marshal(wire.ViewToProto(v, nil))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%x %x\n", compact, full)
		}
	}
	if *update {
		if err := os.WriteFile(fixturePath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(fixturePath)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != b.String() {
		t.Fatalf("%s is stale: go test -run TestCompactViewFixtures -update ./wire/", fixturePath)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")[1:]
	if len(lines) != 3*len(engine.Variants) {
		t.Fatalf("%d views, want %d", len(lines), 3*len(engine.Variants))
	}
	for i, line := range lines {
		var compact, full []byte
		if _, err := fmt.Sscanf(line, "%x %x", &compact, &full); err != nil {
			t.Fatal(err)
		}
		got, want := &pb.View{}, &pb.View{}
		if err := proto.Unmarshal(compact, got); err != nil {
			t.Fatal(err)
		}
		if err := proto.Unmarshal(full, want); err != nil {
			t.Fatal(err)
		}
		if err := wire.ExpandView(got, nil); err != nil || !proto.Equal(got, want) {
			t.Fatalf("view %d: the compact view expanded (%v) is not the full view", i+1, err)
		}
	}
}
