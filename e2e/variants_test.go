package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestPolyglotOneDealVariants plays one Rubicon game and one six-pack game (one deal each) on the
// real referee between the Python SDK's strategy bot and the Node SDK's, each in its own process
// (the Python bot holds seat 0 in Rubicon and seat 1 in six-pack). Each record must replay through
// the engine to its stated result and settlement; each bot's last line must state the outcome,
// the totals and the game points as the record has them; each bot prints the trump being fixed as
// the referee's replay events have it; and `bezique replay` of the record prints the settlement.
func TestPolyglotOneDealVariants(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	cli := build(t, dir, "./cmd/bezique", "bezique")
	addr, tables := startReferee(t, referee)

	for i, variant := range []pb.Variant{pb.Variant_VARIANT_RUBICON, pb.Variant_VARIANT_SIX_PACK} {
		t.Run(variant.String(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: variant, Seed: seed32(byte(11 + i)),
				Seats: []*pb.SeatConfig{remote("a"), remote("b")}})
			if err != nil {
				t.Fatalf("CreateTable: %v", err)
			}
			id := resp.GetTableId()
			pySeat, nodeSeat := i, 1-i
			bots := []*bot{
				startBot(t, "python", append([]string{python, "-m", "bezique_bot.examples.strategy_bot"}, seatArgs(addr, id, pySeat, tokenOf(resp, pySeat))...)...),
				startBot(t, "node", append([]string{"node", "botsdk/node/examples/strategy.js"}, seatArgs(addr, id, nodeSeat, tokenOf(resp, nodeSeat))...)...),
			}
			waitBots(t, 3*time.Minute, bots...)
			rec := recordOf(t, tables, id)
			res := rec.GetResult()
			if o := res.GetOutcome(); o != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("outcome %s, want completed", o)
			}
			rp, err := wire.ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := rp.Verify(rec); err != nil { // totals, winner, game points and rubicon
				t.Fatal(err)
			}
			if !rp.Game.Over() || res.GetDeals() != 1 {
				t.Fatalf("replay over %v after %d deals; want a game of one deal", rp.Game.Over(), res.GetDeals())
			}
			st := rp.Game.Settlement()
			if st.Winner == engine.NoSide || st.Points == 0 || int(res.GetGamePoints()) != st.Points || int(res.GetWinnerSide()) != st.Winner {
				t.Fatalf("settlement %+v, result game_points %d winner %d: want a winner with game points", st, res.GetGamePoints(), res.GetWinnerSide())
			}
			if names := []string{rec.GetSeats()[pySeat].GetBotName(), rec.GetSeats()[nodeSeat].GetBotName()}; names[0] != "python-strategy_bot" || names[1] != "node-strategy" {
				t.Errorf("seats played by %q, want python-strategy_bot and node-strategy", names)
			}

			// The bots' last line: the outcome, the totals and the settlement, as recorded.
			want := fmt.Sprintf("game over: completed, side %d wins; side 0 %d, side 1 %d; %d game points", st.Winner,
				res.GetScores()[0].GetTotal(), res.GetScores()[1].GetTotal(), st.Points)
			if st.Rubicon {
				want += " (rubicon)"
			}
			for _, b := range bots {
				if got := lastLine(b.out.String()); got != b.prefix()+want {
					t.Errorf("%s's last line:\n got %q\nwant %q", b.name, got, b.prefix()+want)
				}
			}
			// The bots print the trump being fixed, the seat and suit of the record's TrumpFixed.
			fixed := trumpFixedLine(t, tables, id)
			for _, b := range bots {
				if !strings.Contains(b.out.String(), b.prefix()+fixed+"\n") {
					t.Errorf("%s did not print %q:\n%s", b.name, fixed, b.out.String())
				}
			}

			// bezique replay of the record shows the settlement.
			path := filepath.Join(dir, variant.String()+".json")
			js, err := protojson.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, js, 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(cli, "replay", path).CombinedOutput()
			if err != nil {
				t.Fatalf("bezique replay: %v\n%s", err, out)
			}
			rubicon := ""
			if st.Rubicon {
				rubicon = ", rubicon"
			}
			section := "§3.6.10" // Rubicon's settlement; six-pack's is §3.7.7
			if variant == pb.Variant_VARIANT_SIX_PACK {
				section = "§3.7.7"
			}
			wantSheet := fmt.Sprintf("Settlement: side %d wins %d game points%s (RULES.md %s)\n", st.Winner, st.Points, rubicon, section)
			if !strings.Contains(string(out), wantSheet) || !strings.Contains(string(out), "Result: completed, side "+fmt.Sprint(st.Winner)+" wins\n") {
				t.Errorf("bezique replay does not show %q and the result:\n%s", wantSheet, out)
			}
			t.Logf("%s: %d actions; %s", variant, len(rec.GetActions()), lastLine(bots[0].out.String()))
		})
	}
}

// prefix is what the example bot prints before each of its lines: its example's name.
func (b *bot) prefix() string {
	if b.name == "python" {
		return "strategy_bot: "
	}
	return "strategy: "
}

// recordOf waits for the finished table's record.
func recordOf(t *testing.T, tables pb.TableServiceClient, tableID string) *pb.GameRecord {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: tableID})
		if err == nil {
			return got.GetRecord()
		}
		if ctx.Err() != nil {
			t.Fatalf("GetRecord: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// trumpFixedLine is the example bots' line for the game's TrumpFixed event, found in the
// referee's replay events ("seat 1's meld fixes trump: hearts").
func trumpFixedLine(t *testing.T, tables pb.TableServiceClient, tableID string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	got, err := tables.GetReplay(ctx, &pb.GetReplayRequest{TableId: tableID})
	if err != nil {
		t.Fatalf("GetReplay: %v", err)
	}
	for _, e := range got.GetEvents() {
		if tf := e.GetTrumpFixed(); tf != nil {
			return fmt.Sprintf("seat %d's meld fixes trump: %s", tf.GetSeat(), strings.ToLower(strings.TrimPrefix(tf.GetTrump().String(), "SUIT_")))
		}
	}
	t.Fatal("the game has no trump_fixed event: no marriage or sequence was declared")
	return ""
}
