package e2e

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// quietLogger drops the bots' logs (reconnection warnings are expected here).
func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// crashGames are the tables of one round of the crash test: fixed seeds, every seat remote.
func crashGames() []*pb.CreateTableRequest {
	return []*pb.CreateTableRequest{
		{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: fixedSeed(1)},
		{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Seed: fixedSeed(2)},
		{Variant: pb.Variant_VARIANT_THREE_HANDED, Seats: remoteSeats(3), Seed: fixedSeed(3)},
		{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seats: remoteSeats(4), Seed: fixedSeed(4)},
	}
}

// TestCrashRecoverySQLite kills the real referee with SIGKILL at random points while bots play
// on a SQLite store, restarts it on the same port, and checks that every game ends with the
// record it has without a crash.
func TestCrashRecoverySQLite(t *testing.T) {
	t.Parallel()
	runCrashTest(t, "sqlite:"+filepath.Join(t.TempDir(), "data", "bezique.db"))
}

// TestCrashRecoveryPostgres is TestCrashRecoverySQLite on PostgreSQL, in a fresh schema; it is
// skipped unless BEZIQUE_TEST_POSTGRES_URL is set.
func TestCrashRecoveryPostgres(t *testing.T) {
	t.Parallel()
	runCrashTest(t, testpg.Schema(t, testpg.URL(t), "e2e"))
}

// seatOutcome is what one bot's botsdk.Play returned.
type seatOutcome struct {
	table string
	res   *pb.GameResult
	err   error
}

// playAll starts a deterministic bot on every remote seat of the created tables and returns a
// channel that yields each seat's outcome, closed when all are done.
func playAll(ctx context.Context, addr string, created []*pb.CreateTableResponse, log *slog.Logger) <-chan seatOutcome {
	out := make(chan seatOutcome, 64)
	var wg sync.WaitGroup
	for _, resp := range created {
		for _, st := range resp.GetSeatTokens() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// The referee is killed every 50–400 ms of its life, and until its first
				// message (Welcome) a bot counts the dials refused: the default 5 attempts,
				// 100 ms apart, all fell while a loaded machine restarted the referee (CI,
				// 2026-12-04), before the bot had joined once.
				res, err := botsdk.Play(ctx, botsdk.Config{Server: addr, TableID: resp.GetTableId(), Seat: int(st.GetSeat()), Token: st.GetToken(),
					BotName: "view-hash", BotVersion: "1", MaxBackoff: 100 * time.Millisecond, ConnectAttempts: 100, Logger: log}, viewHashBot{})
				if err != nil {
					err = fmt.Errorf("table %s seat %d: %w", resp.GetTableId(), st.GetSeat(), err)
				}
				out <- seatOutcome{resp.GetTableId(), res, err}
			}()
		}
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

// createAll creates the tables of reqs.
func createAll(ctx context.Context, t *testing.T, tables pb.TableServiceClient, reqs []*pb.CreateTableRequest) []*pb.CreateTableResponse {
	t.Helper()
	var out []*pb.CreateTableResponse
	for i, req := range reqs {
		resp, err := tables.CreateTable(ctx, req)
		if err != nil {
			t.Fatalf("CreateTable %d: %v", i, err)
		}
		out = append(out, resp)
	}
	return out
}

// getRecord waits for a table's record.
func getRecord(ctx context.Context, t *testing.T, tables pb.TableServiceClient, id string) *pb.GameRecord {
	t.Helper()
	for {
		got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
		if err == nil {
			return got.GetRecord()
		}
		if ctx.Err() != nil {
			t.Fatalf("GetRecord %s: %v", id, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// referenceRecords plays reqs once on an in-memory referee (no crash) and returns the records.
func referenceRecords(ctx context.Context, t *testing.T, bin string, reqs []*pb.CreateTableRequest, log *slog.Logger) []*pb.GameRecord {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	p := startRefereeProc(t, bin, filepath.Join(t.TempDir(), "reference.log"), "--listen", addr, "--metrics-listen", "", "--store", "memory")
	defer p.kill()
	tables := dialTables(t, addr)
	created := createAll(ctx, t, tables, reqs)
	for o := range playAll(ctx, addr, created, log) {
		if o.err != nil {
			t.Fatalf("reference game: %v", o.err)
		}
	}
	var recs []*pb.GameRecord
	for _, c := range created {
		recs = append(recs, getRecord(ctx, t, tables, c.GetTableId()))
	}
	return recs
}

// runCrashTest plays rounds of crashGames on the referee binary with storeURL, killing it with
// SIGKILL after a random 50–400 ms of each run, until it has been killed enough times and the
// round's games are over; then compares every record with the crash-free reference.
func runCrashTest(t *testing.T, storeURL string) {
	bin := buildReferee(t)
	// Each kill costs a restart, a recovery and the bots' reconnections (about a second here):
	// 60 s for the reference games and 20 kills ran out on a loaded machine with the games
	// 150 actions from their end and playing (a whole -race suite beside other work).
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	quiet := quietLogger()
	reqs := crashGames()
	want := referenceRecords(ctx, t, bin, reqs, quiet)

	minKills := 20
	if testing.Short() {
		minKills = 5
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("BEZIQUE_CRASH_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("kill points from seed %d (set BEZIQUE_CRASH_SEED to repeat)", seed)
	rng := rand.New(rand.NewPCG(seed, 0))

	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	logPath := filepath.Join(t.TempDir(), "referee.log")
	args := []string{"--listen", addr, "--metrics-listen", "", "--store", storeURL, "--log-level", "debug"}
	proc := startRefereeProc(t, bin, logPath, args...)
	tables := dialTables(t, addr)
	fail := func(format string, a ...any) {
		t.Helper()
		t.Fatalf(format+"\nreferee log (%s):\n%s", append(a, logPath, readFile(logPath))...)
	}

	kills, rounds := 0, 0
	for kills < minKills {
		rounds++
		created := createAll(ctx, t, tables, reqs)
		outcomes := playAll(ctx, addr, created, quiet)
		var errs []error
		results := map[string][]*pb.GameResult{}
		done := false
		for !done {
			wait := time.Duration(50+rng.IntN(351)) * time.Millisecond
			timer := time.NewTimer(wait)
		collect:
			for {
				select {
				case o, ok := <-outcomes:
					if !ok {
						done = true
						break collect
					}
					if o.err != nil {
						errs = append(errs, o.err)
					}
					if o.res != nil {
						results[o.table] = append(results[o.table], o.res)
					}
				case <-timer.C:
					break collect
				case <-ctx.Done():
					fail("round %d: games not over after %d kills: %v", rounds, kills, ctx.Err())
				}
			}
			timer.Stop()
			if done || kills >= minKills {
				continue
			}
			proc.kill()
			kills++
			proc = startRefereeProc(t, bin, logPath, args...)
		}
		// Every bot ends with the result, even one whose game ended while the referee was down.
		for _, err := range errs {
			fail("round %d: bot: %v", rounds, err)
		}
		for i, c := range created {
			got := getRecord(ctx, t, tables, c.GetTableId())
			compareRecords(t, fmt.Sprintf("round %d game %d (%s)", rounds, i, c.GetTableId()), got, want[i])
			for _, res := range results[c.GetTableId()] {
				if !proto.Equal(res, got.GetResult()) {
					t.Fatalf("round %d game %d: a bot saw result %v, the record has %v", rounds, i, res, got.GetResult())
				}
			}
			if n := len(results[c.GetTableId()]); n != len(c.GetSeatTokens()) {
				t.Fatalf("round %d game %d: %d of %d bots saw the result", rounds, i, n, len(c.GetSeatTokens()))
			}
		}
		t.Logf("round %d: %d games, %d kills so far", rounds, len(created), kills)
	}
	if kills < minKills {
		t.Fatalf("only %d kills", kills)
	}
}

// compareRecords checks that a record replays and that it has the same actions (seat, action,
// intervention) and result as the reference; seqs, times and elapsed_ms may differ.
func compareRecords(t *testing.T, name string, got, want *pb.GameRecord) {
	t.Helper()
	rp, err := wire.ReplayRecord(got)
	if err != nil {
		t.Fatalf("%s: ReplayRecord: %v", name, err)
	}
	if err := rp.Verify(got); err != nil {
		t.Fatalf("%s: Verify: %v", name, err)
	}
	ga, wa := recordActions(got), recordActions(want)
	if !slices.Equal(ga, wa) {
		i := 0
		for i < len(ga) && i < len(wa) && ga[i] == wa[i] {
			i++
		}
		t.Fatalf("%s: actions differ from the crash-free game at index %d of %d/%d: got %v, want %v", name, i, len(ga), len(wa), at(ga, i), at(wa, i))
	}
	if !proto.Equal(got.GetResult(), want.GetResult()) {
		t.Fatalf("%s: result %v, crash-free game %v", name, got.GetResult(), want.GetResult())
	}
	if !slices.EqualFunc(got.GetDeals(), want.GetDeals(), func(a, b *pb.DealSummary) bool { return proto.Equal(a, b) }) {
		t.Fatalf("%s: deal summaries differ from the crash-free game", name)
	}
}

func at(s []actionKey, i int) any {
	if i < len(s) {
		return s[i]
	}
	return "(end)"
}
