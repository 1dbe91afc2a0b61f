package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// Shared-store run sizes: sharedGames games of one deal each (target 1), one started every
// sharedStartEvery, at most sharedInPlay at once; the victim referee is killed when
// sharedKillAt[i] games have ended.
const (
	sharedGames      = 300
	sharedInPlay     = 100
	sharedStartEvery = 50 * time.Millisecond
)

var sharedKillAt = []int64{60, 180}

// TestSharedReferees runs three referee processes on one PostgreSQL schema and plays sharedGames
// two-handed games of Go bots through them: each table is created through one referee and its
// bots connect through the next, so that seat streams are forwarded to the table's owner. One
// referee is killed with SIGKILL twice during the run and restarted at once on its address. Then
// it checks that every game completed, every bot saw its record's result, every record replays,
// the stored actions are exactly the record's (none lost, none doubled), and, from the store's
// lease stamps, that no table was ever written by two referees at once: along each table's
// action log the lease epoch never goes back and each epoch has one owner.
func TestSharedReferees(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("three referee processes, 300 games: not with -short")
	}
	storeURL := testpg.Schema(t, testpg.URL(t), "e2e")
	bin := buildReferee(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	dir := t.TempDir()
	addrs := make([]string, 3)
	procs := make([]*refProc, 3)
	args := func(i int) []string {
		return []string{"--listen", addrs[i], "--metrics-listen", "", "--store", storeURL, "--log-level", "debug",
			"--creates-per-minute", "100000", "--max-waiting-per-principal", "1000"}
	}
	logPath := func(i int) string { return filepath.Join(dir, fmt.Sprintf("referee%d.log", i)) }
	for i := range addrs {
		addrs[i] = fmt.Sprintf("127.0.0.1:%d", freePort(t))
		procs[i] = startRefereeProc(t, bin, logPath(i), args(i)...)
	}
	logs := refereeLogs(addrs, logPath)
	clients := make([]pb.TableServiceClient, 3)
	for i, a := range addrs {
		clients[i] = dialTables(t, a)
	}

	// The games: created through referee i%3 (or the next one while it is down), played through
	// referee (i+1)%3.
	const victim = 1
	var ended atomic.Int64
	games, trails := make([]sharedGame, sharedGames), newTrails(sharedGames)
	slots := make(chan struct{}, sharedInPlay)
	var wg sync.WaitGroup
	playShared := func(ctx context.Context, i int) {
		defer wg.Done()
		defer func() { <-slots }()
		games[i] = playSharedGame(ctx, clients, addrs, i, trails[i], codes.Unavailable)
		ended.Add(1)
	}
	start := time.NewTicker(sharedStartEvery)
	defer start.Stop()
	wg.Add(1)
	go func() { // starts the games, one every sharedStartEvery, at most sharedInPlay at once
		defer wg.Done()
		for i := range games {
			<-start.C
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return // reported below
			}
			wg.Add(1)
			go playShared(ctx, i)
		}
	}()
	// The kills, from the test's goroutine while the games go on.
	for _, at := range sharedKillAt {
		for ended.Load() < at && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
		n, killedAt := ended.Load(), time.Now()
		procs[victim].kill()
		procs[victim] = startRefereeProc(t, bin, logPath(victim), args(victim)...)
		t.Logf("killed referee %d with SIGKILL after %d games ended; restarted in %v", victim, n, time.Since(killedAt).Round(time.Millisecond))
	}
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("games not over in time: %v%s%s", ctx.Err(), unfinished(trails), logs())
	}
	t.Logf("%d games played", sharedGames)

	records := checkSharedGames(ctx, t, clients, games, logs)
	checkStoredActions(t, storeURL, records)
}

// refereeLogs returns a function that gives the logs of the referees at addrs (logPath(i) is
// referee i's), for a failure's message.
func refereeLogs(addrs []string, logPath func(int) string) func() string {
	return func() string {
		var s string
		for i := range addrs {
			s += fmt.Sprintf("\n--- referee %d (%s):\n%s", i, addrs[i], readFile(logPath(i)))
		}
		return s
	}
}

// sharedGame is a game of a run on several referees: its table, the results its bots saw and
// the errors that ended them.
type sharedGame struct {
	id      string
	results []*pb.GameResult
	errs    []error
}

// playSharedGame plays game i of a run on the referees at addrs: it creates its table (one deal,
// two remote seats) through clients[i%3], or the next referee's while one refuses with a code of
// retry, then plays both seats with Go random bots through referee (i+1)%3, so that their
// streams are forwarded to the table's owner, to the game's end. The bots log to trail, which
// is marked over on return.
func playSharedGame(ctx context.Context, clients []pb.TableServiceClient, addrs []string, i int, trail *botTrail, retry ...codes.Code) sharedGame {
	defer trail.over()
	var g sharedGame
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Options: map[string]string{"target": "1"}}
	var resp *pb.CreateTableResponse
	for k := 0; ; k++ {
		var err error
		if resp, err = clients[(i+k)%3].CreateTable(ctx, req); err == nil {
			break
		}
		if ctx.Err() != nil || !slices.Contains(retry, status.Code(err)) {
			g.errs = append(g.errs, fmt.Errorf("CreateTable: %w", err))
			return g
		}
		time.Sleep(50 * time.Millisecond)
	}
	g.id = resp.GetTableId()
	trail.created(g.id)
	var mu sync.Mutex
	var seats sync.WaitGroup
	for _, st := range resp.GetSeatTokens() {
		seats.Go(func() {
			res, err := botsdk.Play(ctx, botsdk.Config{Server: addrs[(i+1)%3], TableID: g.id, Seat: int(st.GetSeat()), Token: st.GetToken(),
				BotName: "random", BotVersion: "1", MaxBackoff: 200 * time.Millisecond, ConnectAttempts: 50, Logger: trail.logger().With("seat", st.GetSeat()),
				ViewMode: pb.ViewMode_VIEW_MODE_NONE}, botsdk.NewRandom(uint64(i*2)+uint64(st.GetSeat())+1))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				g.errs = append(g.errs, err)
			} else {
				g.results = append(g.results, res)
			}
		})
	}
	seats.Wait()
	return g
}

// checkSharedGames checks that every game of games completed, that both its bots saw its
// record's result and that its record replays, and returns the records by table id; logs gives
// the referees' logs for a game that failed.
func checkSharedGames(ctx context.Context, t *testing.T, clients []pb.TableServiceClient, games []sharedGame, logs func() string) map[string]*pb.GameRecord {
	t.Helper()
	records := map[string]*pb.GameRecord{}
	for i, g := range games {
		if len(g.errs) > 0 {
			t.Fatalf("game %d (%s): %v%s", i, g.id, g.errs, logs())
		}
		rec := getRecord(ctx, t, clients[i%3], g.id)
		if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED || len(g.results) != 2 {
			t.Errorf("game %d (%s): outcome %v, %d of 2 bots saw a result; want COMPLETED, both", i, g.id, rec.GetResult(), len(g.results))
		}
		for _, res := range g.results {
			if !proto.Equal(res, rec.GetResult()) {
				t.Errorf("game %d (%s): a bot saw %v, the record has %v", i, g.id, res, rec.GetResult())
			}
		}
		rp, err := wire.ReplayRecord(rec)
		if err != nil {
			t.Fatalf("game %d (%s): ReplayRecord: %v", i, g.id, err)
		}
		if err := rp.Verify(rec); err != nil {
			t.Fatalf("game %d (%s): Verify: %v", i, g.id, err)
		}
		records[g.id] = rec
	}
	return records
}

// checkStoredActions reads every action the store holds for the tables of records and checks
// that they are exactly the records' actions, in order (seq 1..n, none missing, none doubled),
// and that their lease stamps show one writer at a time: along each table's log the epoch never
// decreases and each epoch has a single owner. It logs how many tables changed owner.
func checkStoredActions(t *testing.T, storeURL string, records map[string]*pb.GameRecord) {
	t.Helper()
	db, err := sql.Open("pgx", storeURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT table_id, seq, payload, lease_owner, lease_epoch FROM actions ORDER BY table_id, seq")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	type stamp struct {
		owner string
		epoch int64
	}
	stored := map[string][][]byte{}
	stamps := map[string][]stamp{}
	for rows.Next() {
		var (
			id      string
			seq     int64
			payload []byte
			s       stamp
		)
		if err := rows.Scan(&id, &seq, &payload, &s.owner, &s.epoch); err != nil {
			t.Fatal(err)
		}
		if seq != int64(len(stored[id])+1) {
			t.Fatalf("table %s: stored seq %d after %d actions: an action lost", id, seq, len(stored[id]))
		}
		stored[id] = append(stored[id], payload)
		stamps[id] = append(stamps[id], s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	movedTables, owners := 0, map[string]bool{}
	for id, rec := range records {
		acts := rec.GetActions()
		if len(stored[id]) != len(acts) {
			t.Fatalf("table %s: %d actions stored, %d in the record", id, len(stored[id]), len(acts))
		}
		for i, p := range stored[id] {
			got := &pb.RecordedAction{}
			if err := proto.Unmarshal(p, got); err != nil {
				t.Fatalf("table %s action %d: %v", id, i+1, err)
			}
			if !proto.Equal(got, acts[i]) {
				t.Fatalf("table %s action %d: stored %v, the record has %v", id, i+1, got, acts[i])
			}
		}
		ownerOf := map[int64]string{}
		for i, s := range stamps[id] {
			owners[s.owner] = true
			if i > 0 && s.epoch < stamps[id][i-1].epoch {
				t.Fatalf("table %s: action %d written at epoch %d after action %d at epoch %d: two referees wrote it at once",
					id, i+1, s.epoch, i, stamps[id][i-1].epoch)
			}
			if o, ok := ownerOf[s.epoch]; ok && o != s.owner {
				t.Fatalf("table %s: epoch %d written by %s and %s", id, s.epoch, o, s.owner)
			}
			ownerOf[s.epoch] = s.owner
		}
		if len(ownerOf) > 1 {
			movedTables++
		}
	}
	t.Logf("%d tables, %d referee lives wrote actions, %d tables changed referee during their game", len(records), len(owners), movedTables)
	if movedTables == 0 {
		t.Errorf("no table changed referee: the kills took over nothing")
	}
}
