package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// demoRecord runs a demo game and returns its output and the path of its record.
func demoRecord(t *testing.T, variant, bots string) (string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	var out, errOut bytes.Buffer
	o := demoOptions{game: gameFlags{variant: variant, seed: "7"}, bots: bots, record: path, progress: true}
	if err := runDemo(context.Background(), o, &out, &errOut); err != nil {
		t.Fatalf("demo: %v\nstderr: %s", err, errOut.String())
	}
	return out.String(), path
}

var finalRe = regexp.MustCompile(`side (\d+) (\d+)`)

// TestSheetLabelsTheTrickPoints: the score sheet says what the tricks scored as the rules count
// them: brisques counted trick by trick (count_brisques_immediately) with their number of cards
// (it said "138 (0 cards)"), card points (trick_scoring=card_points) as card points (it said
// "brisques"); a pending announcement is one meld, listed once it scores (it was also a meld of
// 0); six-pack's settlement cites §3.7.7 (an outside rules trial).
func TestSheetLabelsTheTrickPoints(t *testing.T) {
	brisqueLine := regexp.MustCompile(`(?m)^    brisques:   (\d+) \((\d+) cards\)$`)
	for _, c := range []struct {
		name    string
		variant string
		options []string
		check   func(t *testing.T, out string)
	}{
		{"count_brisques_immediately", "two-handed", []string{"count_brisques_immediately=true", "target=300"}, func(t *testing.T, out string) {
			lines := brisqueLine.FindAllStringSubmatch(out, -1)
			if len(lines) == 0 {
				t.Fatalf("no brisques line:\n%s", out)
			}
			for _, m := range lines {
				if pts, _ := strconv.Atoi(m[1]); m[2] != strconv.Itoa(pts/10) {
					t.Errorf("%q: want %d cards for %s points", m[0], pts/10, m[1])
				}
			}
		}},
		{"card_points", "two-handed", []string{"trick_scoring=card_points", "target=300"}, func(t *testing.T, out string) {
			if strings.Contains(out, "brisques:") || !strings.Contains(out, "    card points: ") {
				t.Errorf("card points labelled otherwise:\n%s", out)
			}
		}},
		{"pending announcements", "two-handed", []string{"allow_pending_declarations=true", "target=500"}, func(t *testing.T, out string) {
			if !strings.Contains(out, "    melds:      ") || regexp.MustCompile(`(?m)^    melds: .*[a-z] 0[,)]`).MatchString(out) {
				t.Errorf("a meld of 0 on the sheet:\n%s", out)
			}
		}},
		{"six-pack", "six-pack", nil, func(t *testing.T, out string) {
			if !strings.Contains(out, " game points") || !strings.Contains(out, "(RULES.md §3.7.7)") {
				t.Errorf("six-pack's settlement does not cite §3.7.7:\n%s", out)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			o := demoOptions{game: gameFlags{variant: c.variant, seed: "7", options: c.options}, bots: "rulebook,rulebook"}
			if err := runDemo(context.Background(), o, &out, &errOut); err != nil {
				t.Fatalf("demo: %v\nstderr: %s", err, errOut.String())
			}
			c.check(t, out.String())
		})
	}
}

// TestDemoTotalsMatchRecord plays whole demo games over gRPC and checks that the printed final
// totals are the record's.
func TestDemoTotalsMatchRecord(t *testing.T) {
	for _, c := range []struct{ variant, bots string }{
		{"two-handed", "rulebook,random"},
		{"four-handed", "rulebook,random"},
		{"rubicon", "rulebook,random"},
		{"six-pack", "random,rulebook"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			out, path := demoRecord(t, c.variant, c.bots)
			if !strings.Contains(out, "Checked: the record replays") || !strings.Contains(out, "Deal 1:") {
				t.Fatalf("demo output lacks the sheet or the check:\n%s", out)
			}
			// Rubicon and six-pack end after one deal with the settlement in game points.
			if v := engine.Variant(c.variant); v.OneDeal() && (!strings.Contains(out, "Settlement: side ") || strings.Contains(out, "Deal 2:")) {
				t.Fatalf("%s demo: no settlement, or more than one deal:\n%s", v, out)
			}
			rec, err := readRecord(path)
			if err != nil {
				t.Fatal(err)
			}
			if v := engine.Variant(c.variant); v.OneDeal() {
				want := fmt.Sprintf("Settlement: side %d wins %d game points", rec.GetResult().GetWinnerSide(), rec.GetResult().GetGamePoints())
				if rec.GetResult().GetGamePoints() == 0 || !strings.Contains(out, want) {
					t.Fatalf("%s: the record states %v; the sheet lacks %q:\n%s", v, rec.GetResult(), want, out)
				}
			}
			i := strings.Index(out, "Final totals:")
			line := out[i : i+strings.Index(out[i:], "\n")]
			got := finalRe.FindAllStringSubmatch(line, -1)
			if len(got) != len(rec.GetResult().GetScores()) {
				t.Fatalf("final line %q, record scores %v", line, rec.GetResult().GetScores())
			}
			for _, m := range got {
				side, _ := strconv.Atoi(m[1])
				total, _ := strconv.Atoi(m[2])
				if want := int(rec.GetResult().GetScores()[side].GetTotal()); total != want {
					t.Fatalf("printed side %d total %d, record %d", side, total, want)
				}
			}
		})
	}
}

// TestReplay replays a demo record (it passes), a record with a tampered total and one with a
// tampered action (both fail), and a malformed file (the error names the file and the field).
func TestReplay(t *testing.T) {
	_, path := demoRecord(t, "two-handed", "rulebook,random")
	var out bytes.Buffer
	if err := runReplay(path, false, &out); err != nil {
		t.Fatalf("replay of a demo record: %v", err)
	}
	if err := runReplay(path, true, &out); err != nil {
		t.Fatalf("replay --json of a demo record: %v", err)
	}
	rec, err := readRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rec.GetResult().GetScores()[0].Total += 10
	b, _ := protojson.Marshal(rec)
	tampered := write("total.json", b)
	for _, asJSON := range []bool{false, true} {
		if err := runReplay(tampered, asJSON, &out); err == nil || !strings.Contains(err.Error(), "result.scores[0]") {
			t.Fatalf("replay (json %v) of a tampered total: err %v, want a result.scores[0] mismatch", asJSON, err)
		}
	}
	rec.GetResult().GetScores()[0].Total -= 10
	play := rec.GetActions()[0].GetAction().GetPlay()
	play.Card.Id = (play.GetCard().GetId() + 1) % 64
	b, _ = protojson.Marshal(rec)
	if err := runReplay(write("action.json", b), false, &out); err == nil || !strings.Contains(err.Error(), "refused on replay") {
		t.Fatalf("replay of a tampered action: err %v, want a refused action", err)
	}
	bad := write("bad.json", []byte("{\n  \"tableId\": \"x\",\n  \"actoins\": []\n}\n"))
	if err := runReplay(bad, false, &out); err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), "actoins") {
		t.Fatalf("replay of a malformed record: err %v, want the file and the field named", err)
	}
}

// TestPlayScripted plays a whole game as a person typing "1" every time, after some bad lines,
// and checks the messages and that the game reached its end; then it checks that the end of
// input leaves cleanly.
func TestPlayScripted(t *testing.T) {
	in := "ZZ\n99\nhelp\n\n" + strings.Repeat("1\n", 5000)
	var out bytes.Buffer
	o := playOptions{game: gameFlags{variant: "two-handed", seed: "3"}, bots: "rulebook"}
	if err := runPlay(context.Background(), playOptions{game: gameFlags{variant: "rubicon", seed: "3"}, bots: "rulebook"},
		strings.NewReader(strings.Repeat("1\n", 5000)), &out); err != nil {
		t.Fatalf("play rubicon: %v\n%s", err, tail(out.String()))
	}
	if !strings.Contains(out.String(), "trump none yet") {
		t.Fatalf("play rubicon: no trump-less start shown:\n%s", tail(out.String()))
	}
	out.Reset()
	if err := runPlay(context.Background(), o, strings.NewReader(in), &out); err != nil {
		t.Fatalf("play: %v\n%s", err, tail(out.String()))
	}
	s := out.String()
	for _, want := range []string{`"ZZ" is neither an action number`, "There is no action 99", "Type the number of an action",
		"your hand (seat 0)", "deal 1 ends", "Game over:", "Checked: the record replays"} {
		if !strings.Contains(s, want) {
			t.Fatalf("play output lacks %q:\n%s", want, tail(s))
		}
	}
	out.Reset()
	if err := runPlay(context.Background(), o, strings.NewReader("1\n1\nQS\n"), &out); err != nil {
		t.Fatalf("play with input ending early: %v", err)
	}
	if !strings.Contains(out.String(), "Bye.") {
		t.Fatalf("play did not say goodbye at the end of input:\n%s", tail(out.String()))
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}

// TestChoose checks the reading of a person's input against the legal actions.
func TestChoose(t *testing.T) {
	legal := []*pb.LegalAction{
		{ActionId: 1, Action: wire.ActionToProto(engine.Play(engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 1)))},
		{ActionId: 2, Action: wire.ActionToProto(engine.Play(engine.NewCard(engine.NewFace(engine.Hearts, engine.Ten), 0)))},
		{ActionId: 3, Action: wire.ActionToProto(engine.Action{Kind: engine.DeclareMeld, Card: engine.NoCard, Meld: engine.Meld{Kind: engine.Bezique,
			Cards: engine.NewCardSet(engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 1), engine.NewCard(engine.NewFace(engine.Diamonds, engine.Jack), 0))}})},
		{ActionId: 4, Action: wire.ActionToProto(engine.Action{Kind: engine.EndWindow, Card: engine.NoCard})},
		// Q♠a is another action than Q♠b (its meld history differs): the copy typed is the card played.
		{ActionId: 5, Action: wire.ActionToProto(engine.Play(engine.NewCard(engine.NewFace(engine.Spades, engine.Queen), 0)))},
	}
	for _, c := range []struct {
		in   string
		id   uint32
		want string
	}{
		{"1", 1, ""}, {"2", 2, ""}, {"QS", 1, ""}, {"q♠", 1, ""}, {"10H", 2, ""}, {"TH", 2, ""}, {"QSb", 1, ""},
		{"play QSb", 1, ""}, {"play 10H", 2, ""}, {"meld JDa QSb", 3, ""}, {"meld bezique QSb JDa (40)", 3, ""}, {"end", 4, ""},
		{"meld QSa JDa", 0, "meld QSa JDa is not legal now"}, {"pass", 0, "pass is not legal now"},
		{"QSa", 5, ""}, {"play QSa", 5, ""}, {"Q♠a", 5, ""},
		{"0", 0, "There is no action 0: choose 1 to 5."}, {"99", 0, "There is no action 99"},
		{"ZZ", 0, `"ZZ" is neither an action number`}, {"AC", 0, "You cannot play AC now"},
		{"help", 0, "Type the number of an action"}, {"", 0, "Type an action number or a card"},
	} {
		id, msg := choose(c.in, legal, nil)
		if id != c.id || !strings.Contains(msg, c.want) {
			t.Errorf("choose(%q) = %d, %q; want %d, %q", c.in, id, msg, c.id, c.want)
		}
	}
}

// TestCommandsHaveHelp checks that every command has a short description and an example.
func TestCommandsHaveHelp(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Short == "" || c.Example == "" {
			t.Errorf("command %q lacks a short description or an example", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd())
}

// TestClockFlags: create and challenge take the same clock flags, --decision-ms, --bank-ms and
// --increment-ms (challenge had --decision-ms alone: an integrator's trial); a bank is sent only
// when --bank-ms is given, 0 meaning none.
func TestClockFlags(t *testing.T) {
	for _, name := range []string{"create", "challenge"} {
		for _, c := range []struct {
			args []string
			want *pb.Clock
		}{
			{nil, &pb.Clock{}},
			{[]string{"--decision-ms", "500", "--bank-ms", "0", "--increment-ms", "100"}, &pb.Clock{DecisionMs: 500, BankMs: proto.Uint32(0), IncrementMs: 100}},
			{[]string{"--bank-ms", "3000"}, &pb.Clock{BankMs: proto.Uint32(3000)}},
		} {
			cmd, _, err := newRootCmd().Find([]string{name})
			if err != nil {
				t.Fatal(err)
			}
			var clock clockFlags
			probe := &cobra.Command{Use: name}
			clock.register(probe.Flags())
			if err := probe.ParseFlags(c.args); err != nil {
				t.Fatal(err)
			}
			if got := clock.proto(probe); !proto.Equal(got, c.want) {
				t.Errorf("%s %v: clock %v, want %v", name, c.args, got, c.want)
			}
			for _, flag := range []string{"decision-ms", "bank-ms", "increment-ms"} {
				if cmd.Flags().Lookup(flag) == nil {
					t.Errorf("%s has no --%s", name, flag)
				}
			}
		}
	}
}

// TestOptionGivenTwice: create, challenge and tournament create refuse an --option name given
// twice, naming both values, before any call (the last was taken without a word: an options
// audit); each option once is taken as given.
func TestOptionGivenTwice(t *testing.T) {
	for _, args := range [][]string{
		{"create", "--seat", "builtin:random", "--seat", "builtin:random"},
		{"challenge", "--seat", "builtin:random", "--seat", "builtin:random"},
		{"tournament", "create", "--entrant", "random", "--entrant", "rulebook"},
	} {
		cmd := newRootCmd()
		cmd.SetArgs(append(args, "--server", "127.0.0.1:1", "--option", "target=500", "--option", "target=700"))
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		err := cmd.Execute()
		if want := "--option target given twice (target=500, then target=700): give each option once"; err == nil || err.Error() != want {
			t.Errorf("%v: %v; want %q", args, err, want)
		}
	}
	got, err := parseOptions([]string{"target=500", "phase2_must_head=false"})
	if want := map[string]string{"target": "500", "phase2_must_head": "false"}; err != nil || !maps.Equal(got, want) {
		t.Errorf("parseOptions: %v, %v; want %v", got, err, want)
	}
}

// TestChooseSeenCopyFirst: a card typed without its copy's letter plays a copy every seat has
// seen (shown in the hand, or tabled) before an unseen one listed first: the unseen copy showed
// that the seat held two of the face (a re-trial).
func TestChooseSeenCopyFirst(t *testing.T) {
	jd := func(copy int) engine.Card { return engine.NewCard(engine.NewFace(engine.Diamonds, engine.Jack), copy) }
	legal := []*pb.LegalAction{
		{ActionId: 1, Action: wire.ActionToProto(engine.Play(jd(0)))},
		{ActionId: 2, Action: wire.ActionToProto(engine.Play(jd(1)))},
	}
	seat := uint32(0)
	view := &pb.View{Seat: &seat, Seats: []*pb.SeatView{{Seat: 0, ShownInHand: []*pb.Card{wire.CardToProto(jd(1))}}, {Seat: 1}}}
	for _, c := range []struct {
		in   string
		seen map[uint32]bool
		id   uint32
	}{
		{"JD", seenCards(view), 2}, {"J♦", seenCards(view), 2}, {"JDa", seenCards(view), 1}, {"JD", nil, 1},
	} {
		if id, msg := choose(c.in, legal, c.seen); id != c.id {
			t.Errorf("choose(%q) with seen %v = %d, %q; want %d", c.in, c.seen, id, msg, c.id)
		}
	}
}
