package e2e

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// updateRecords rewrites the golden records by playing their games on the referee binary:
//
//	go test ./e2e -run TestGoldenRecords -update-records
var updateRecords = flag.Bool("update-records", false, "rewrite testdata/records/*.json by playing the games on the referee binary")

// recordsDir is where the golden records live, from this package's directory.
const recordsDir = "../testdata/records"

// goldenGame is one golden record: the table that produces it with the view-hash bots.
type goldenGame struct {
	file string
	req  *pb.CreateTableRequest
}

func goldenGames() []goldenGame {
	short := map[string]string{"target": "500"} // a few deals: records small enough to read
	return []goldenGame{
		{"two-handed.json", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: fixedSeed(101), Options: short}},
		{"four-handed.json", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seats: remoteSeats(4), Seed: fixedSeed(102), Options: short}},
		{"two-handed-stacked.json", &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: fixedSeed(103), Options: short,
			StackedDeal: stackedDeal(0, "QS JD QS JD KH QH AH TH", "AS TS KS QC KC 9D 7H 8S", "7D")}},
	}
}

// stackedDeal returns a two-handed stacked deal: the hands and turn-up as given (card text), the
// stock the rest of the two packs in a fixed order (suits S H D C, ranks A T K Q J 9 8 7).
func stackedDeal(dealer uint32, hand0, hand1, turnUp string) *pb.StackedDeal {
	left := map[string]int{}
	var order []string
	for _, s := range "SHDC" {
		for _, r := range "ATKQJ987" {
			c := string(r) + string(s)
			left[c] = 2
			order = append(order, c)
		}
	}
	sd := &pb.StackedDeal{Dealer: dealer, TurnUp: turnUp}
	for _, h := range []string{hand0, hand1} {
		sd.Hands = append(sd.Hands, &pb.StackedHand{Cards: strings.Fields(h)})
		for _, c := range strings.Fields(h) {
			left[c]--
		}
	}
	left[turnUp]--
	for _, c := range order {
		for range left[c] {
			sd.Stock = append(sd.Stock, c)
		}
	}
	return sd
}

// playGolden plays the golden games on the referee binary (in memory) with view-hash bots and
// returns their records.
func playGolden(t *testing.T, games []goldenGame) []*pb.GameRecord {
	t.Helper()
	var reqs []*pb.CreateTableRequest
	for _, g := range games {
		reqs = append(reqs, g.req)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return referenceRecords(ctx, t, buildReferee(t), reqs, quietLogger())
}

func readGolden(t *testing.T, file string) *pb.GameRecord {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(recordsDir, file))
	if err != nil {
		t.Fatalf("%v (run go test ./e2e -run TestGoldenRecords -update-records)", err)
	}
	rec := &pb.GameRecord{}
	if err := protojson.Unmarshal(b, rec); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return rec
}

// verifyRecord replays a record and checks its stated result.
func verifyRecord(rec *pb.GameRecord) error {
	rp, err := wire.ReplayRecord(rec)
	if err != nil {
		return err
	}
	return rp.Verify(rec)
}

// tamperings are changes to a record that Verify must catch.
var tamperings = []struct {
	name string
	f    func(*pb.GameRecord)
}{
	{"a total raised", func(r *pb.GameRecord) { r.Result.Scores[0].Total += 10 }},
	{"the winner changed", func(r *pb.GameRecord) { w := 1 - r.Result.GetWinnerSide(); r.Result.WinnerSide = &w }},
	{"an action dropped", func(r *pb.GameRecord) { r.Actions = slices.Delete(r.Actions, len(r.Actions)/2, len(r.Actions)/2+1) }},
	{"an action's seat changed", func(r *pb.GameRecord) {
		a := r.Actions[len(r.Actions)/3]
		a.Seat = (a.Seat + 1) % uint32(len(r.Seats))
	}},
	{"the seed changed", func(r *pb.GameRecord) { r.Seed[0] ^= 1 }},
	{"a salt added", func(r *pb.GameRecord) { r.SeedSalt = make([]byte, 32) }}, // the commitment is SHA-256(seed)
	{"the last action dropped", func(r *pb.GameRecord) { r.Actions = r.Actions[:len(r.Actions)-1] }},
}

// TestGoldenRecords checks the golden records under testdata/records: each replays through the
// engine to its stated result, every tampered copy fails, the referee still plays the same games
// (the same actions and result), and `bezique replay` accepts each file and refuses a tampered one.
func TestGoldenRecords(t *testing.T) {
	t.Parallel()
	games := goldenGames()
	if *updateRecords {
		if err := os.MkdirAll(recordsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, rec := range playGolden(t, games) {
			b, err := protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(recordsDir, games[i].file), append(b, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s: %d actions, result %v", games[i].file, len(rec.GetActions()), rec.GetResult())
		}
	}
	recs := make([]*pb.GameRecord, len(games))
	for i, g := range games {
		rec := readGolden(t, g.file)
		recs[i] = rec
		t.Run(g.file, func(t *testing.T) {
			if err := verifyRecord(rec); err != nil {
				t.Fatalf("golden record does not verify: %v", err)
			}
			if !*updateRecords && (len(rec.GetSeedSalt()) != 0 || rec.GetDealingSource() != pb.DealingSource_DEALING_SOURCE_UNSPECIFIED) {
				t.Fatalf("seed_salt %x, dealing_source %v: the golden records were made before salts and keep the unsalted "+
					"commitment SHA-256(seed) verified; keep one such record when rewriting them", rec.GetSeedSalt(), rec.GetDealingSource())
			}
			if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
				t.Fatalf("outcome %v, want completed", rec.GetResult().GetOutcome())
			}
			if g.req.GetStackedDeal() != nil {
				if !proto.Equal(rec.GetStackedDeal(), g.req.GetStackedDeal()) {
					t.Fatalf("stacked_deal %v, want %v", rec.GetStackedDeal(), g.req.GetStackedDeal())
				}
			}
			for _, tc := range tamperings {
				bad := proto.Clone(rec).(*pb.GameRecord)
				tc.f(bad)
				if err := verifyRecord(bad); err == nil {
					t.Errorf("%s: the tampered record verifies", tc.name)
				}
			}
		})
	}
	t.Run("referee plays the same games", func(t *testing.T) {
		for i, got := range playGolden(t, games) {
			compareRecords(t, games[i].file+" (run go test ./e2e -run TestGoldenRecords -update-records if the rules changed on purpose)", got, recs[i])
		}
	})
	t.Run("bezique replay", func(t *testing.T) {
		bin := buildCommand(t, "github.com/bezique-arena/bezique/cmd/bezique")
		for i, g := range games {
			path, _ := filepath.Abs(filepath.Join(recordsDir, g.file))
			out, err := exec.Command(bin, "replay", path).CombinedOutput()
			if err != nil {
				t.Errorf("bezique replay %s: %v\n%s", g.file, err, out)
			}
			bad := proto.Clone(recs[i]).(*pb.GameRecord)
			tamperings[0].f(bad)
			b, _ := protojson.Marshal(bad)
			badPath := filepath.Join(t.TempDir(), "tampered-"+g.file)
			if err := os.WriteFile(badPath, b, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err = exec.Command(bin, "replay", badPath).CombinedOutput()
			if err == nil {
				t.Errorf("bezique replay accepts a tampered %s:\n%s", g.file, out)
			} else if !bytes.Contains(bytes.ToLower(out), []byte("total")) && !bytes.Contains(out, []byte("score")) {
				t.Logf("bezique replay on a tampered %s: %v\n%s", g.file, err, out)
			}
		}
	})
}
