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

// TestCompactViewIsTheFullView plays random games of every variant (and of two-handed with
// pending announcements, whose melds are in SeatView.pending) and, at every position, checks
// that each seat's compact view and the public one, read from the wire and expanded, is exactly
// the full view (ViewToProto), and that it is smaller on the wire. The views are built as the
// referee builds them (Views.Compact, Views.Full: the same Views across the game's deals; the
// full one must be ViewToProto's bytes), and the expanded tricks carried as the Go SDK carries
// them; each view is also expanded from nothing. Every view built must still marshal to its
// first bytes at the game's end: what the views built after it reuse or extend (the packed
// tricks, the trick messages, the meld table, the engine view Views fills) never changes it. With
// -short it checks one game of each variant, every twentieth position.
func TestCompactViewIsTheFullView(t *testing.T) {
	games, every := 3, 1 // every how many positions to check
	if testing.Short() {
		games, every = 1, 20
	}
	for _, set := range ruleSets() {
		t.Run(set.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(len(set.name)), 7))
			views, reused, pendings, fullBytes, compactBytes := 0, 0, 0, 0, 0
			for game := range games {
				g, err := engine.NewGame(set.rules, engine.Dealing{Seed: engine.SeedFromUint64(uint64(game))})
				if err != nil {
					t.Fatal(err)
				}
				var built wire.Views              // as a table keeps it
				var sent []sentView               // every view built, with its bytes when built
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
						full, err := proto.Marshal(wire.ViewToProto(v))
						if err != nil {
							t.Fatal(err)
						}
						msg := built.Compact(g, seat)
						compact, err := proto.Marshal(msg)
						if err != nil {
							t.Fatal(err)
						}
						fullMsg := built.Full(g, seat)
						if again, err := proto.Marshal(fullMsg); err != nil || string(again) != string(full) {
							t.Fatalf("game %d step %d seat %d: Views.Full differs from ViewToProto (%v)", game, step, seat, err)
						}
						sent = append(sent, sentView{msg, compact, step, seat}, sentView{fullMsg, full, step, seat})
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
						for _, s := range want.GetSeats() {
							if s.GetPending() != nil {
								pendings++
							}
						}
					}
					if g.Over() {
						break
					}
					s := g.Turn()
					buf = g.Legal(s, buf[:0])
					if _, err := g.Apply(s, pick(rng, buf, set.rules)); err != nil {
						t.Fatal(err)
					}
				}
				for _, v := range sent {
					if now, err := proto.Marshal(v.msg); err != nil || string(now) != string(v.bytes) {
						t.Fatalf("game %d step %d seat %d: the view (compact: %v) changed after the views built after it (%v)", game, v.step, v.seat, v.msg.GetCompact(), err)
					}
				}
			}
			if reused == 0 {
				t.Fatal("no expansion reused the tricks expanded before")
			}
			if set.rules.AllowPendingDeclarations && pendings == 0 {
				t.Fatal("no view with a pending announcement")
			}
			if compactBytes >= fullBytes {
				t.Fatalf("compact views take %d bytes, full ones %d", compactBytes, fullBytes)
			}
			t.Logf("%d views: full %d bytes, compact %d (%.0f%%)", views, fullBytes, compactBytes, 100*float64(compactBytes)/float64(fullBytes))
		})
	}
}

// sentView is a view as built, at step step of a game from seat's side, and its bytes.
type sentView struct {
	msg        *pb.View
	bytes      []byte
	step, seat int
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

// ruleSet is a table's rules and its name in subtests.
type ruleSet struct {
	name  string
	rules engine.Rules
}

// ruleSets returns every variant's default rules, and two-handed with pending announcements
// (allow_pending_declarations: melds in SeatView.pending).
func ruleSets() []ruleSet {
	var sets []ruleSet
	for _, variant := range engine.Variants {
		sets = append(sets, ruleSet{string(variant), engine.DefaultRules(variant)})
	}
	pending := engine.DefaultRules(engine.TwoHanded)
	pending.AllowPendingDeclarations = true
	return append(sets, ruleSet{"two-handed/allow_pending_declarations", pending})
}

// pick returns a random legal action; under allow_pending_declarations a meld whenever there is
// one, so that melds are announced.
func pick(rng *rand.Rand, legal []engine.Action, r engine.Rules) engine.Action {
	if r.AllowPendingDeclarations {
		for _, a := range legal {
			if a.Kind == engine.DeclareMeld {
				return a
			}
		}
	}
	return legal[rng.IntN(len(legal))]
}

// hasPending reports whether a seat of v has a pending announcement.
func hasPending(v engine.View) bool {
	for _, m := range v.Pending {
		if m.Kind != engine.NoMeld {
			return true
		}
	}
	return false
}

// fixturePositions returns copies of a seeded random game at three positions (the views are the
// seat to act's; early, mid and late in its first deal: tricks 2, 7 and 15; under
// allow_pending_declarations the first position from there with an announcement pending), or nil
// when the game has no such position.
func fixturePositions(t *testing.T, set ruleSet, seed uint64) []*engine.Game {
	g, err := engine.NewGame(set.rules, engine.Dealing{Seed: engine.SeedFromUint64(seed)})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var games []*engine.Game
	var buf []engine.Action
	for _, at := range []int{2, 7, 15} {
		for v := g.View(g.Turn()); v.Deal > 1 || v.TrickNo < at || set.rules.AllowPendingDeclarations && !hasPending(v); v = g.View(g.Turn()) {
			if g.Over() || v.Deal > 1 {
				return nil
			}
			s := g.Turn()
			buf = g.Legal(s, buf[:0])
			if _, err := g.Apply(s, pick(rng, buf, set.rules)); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, g.Clone())
	}
	return games
}

var update = flag.Bool("update", false, "rewrite botsdk/testdata/compact-views.hex")

// fixturePath holds compact views and their full forms for the Python and Node SDKs' tests of
// their expansion: one view a line, the compact form's bytes then the full form's, in hex.
var fixturePath = filepath.Join("..", "botsdk", "testdata", "compact-views.hex")

// TestCompactViewFixtures checks that botsdk/testdata/compact-views.hex holds what Views.Compact
// and ViewToProto make of three positions (early, mid and late in the first deal) of a seeded
// random game of every rule set of ruleSets (with an announcement pending under
// allow_pending_declarations), from the view of the seat to act (go test -run
// TestCompactViewFixtures -update ./wire/ rewrites it), and that each compact view expands to its
// full view.
func TestCompactViewFixtures(t *testing.T) {
	var b strings.Builder
	b.WriteString("# compact view, then the full view, serialized bezique.v1.View in hex (wire's TestCompactViewFixtures)\n")
	sets := ruleSets()
	for _, set := range sets {
		var games []*engine.Game
		for seed := uint64(1); games == nil; seed++ {
			if seed > 50 {
				t.Fatalf("%s: no game of seeds 1 to 50 has the three positions", set.name)
			}
			games = fixturePositions(t, set, seed)
		}
		for _, g := range games {
			v := g.View(g.Turn())
			compact, err := proto.MarshalOptions{Deterministic: true}.Marshal(new(wire.Views).Compact(g, g.Turn()))
			if err != nil {
				t.Fatal(err)
			}
			full, err := proto.MarshalOptions{Deterministic: true}.Marshal(wire.ViewToProto(v))
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
	if len(lines) != 3*len(sets) {
		t.Fatalf("%d views, want %d", len(lines), 3*len(sets))
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
