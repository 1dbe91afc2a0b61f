package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/gaptrack"
	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPostgresBackupWhilePlaying backs a live PostgreSQL store up the way docs/OPERATIONS.md
// says (pg_dump --format=custom while two referees play on it), restores the dump with
// pg_restore --single-transaction into a new database and starts a referee on it, on the
// address of one of the two (killed with SIGKILL, as both are). The restored referee lists exactly the games finished
// before the backup, each record verifying; the games in play at the backup (on either
// referee) come back playing and new bots finish them, their records verifying; the tournament
// running at the backup resumes from the results stored before it and plays its schedule to the
// end, each game once; a key created before the backup and revoked after it is valid again, one
// created after it is unknown, and the audit trail ends at the backup. It logs how long the dump
// and the restore took, the longest wait of a bot for a decision during the dump, and when the
// restored referee held each lease: those of the referee whose address it took at its start,
// the others' once they expired, LeaseTTL after the dump's snapshot at most.
func TestPostgresBackupWhilePlaying(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("three referee processes, pg_dump and pg_restore: not with -short")
	}
	base := testpg.URL(t)
	pgDump, pgRestore := pgTool(t, "pg_dump"), pgTool(t, "pg_restore")
	srcURL := freshPostgresDatabase(t, base)
	bin := buildReferee(t)
	dir := t.TempDir()
	const adminKey = "bzq_e2e-admin-key-0123456789abcdef"
	keyFile := filepath.Join(dir, "admin.key")
	if err := os.WriteFile(keyFile, []byte(adminKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	as := func(key string) context.Context {
		return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+key)
	}
	admin := as(adminKey)

	addrs := []string{fmt.Sprintf("127.0.0.1:%d", freePort(t)), fmt.Sprintf("127.0.0.1:%d", freePort(t))}
	logPath := func(i int) string { return filepath.Join(dir, fmt.Sprintf("referee%d.log", i)) }
	args := func(addr, store string) []string {
		return []string{"--listen", addr, "--metrics-listen", "", "--store", store, "--admin-key-file", keyFile, "--max-target", "1000000"} // endless games below
	}
	procs := make([]*refProc, 2)
	clients := make([]pb.TableServiceClient, 2)
	for i, a := range addrs {
		procs[i] = startRefereeProc(t, bin, logPath(i), args(a, srcURL)...)
		clients[i] = dialTables(t, a)
	}
	logs := refereeLogs(append(slices.Clone(addrs), addrs[0]), logPath)
	keys := pb.NewKeyServiceClient(grpcConn(t, addrs[0], insecure.NewCredentials()))
	before, err := keys.CreateKey(admin, &pb.CreateKeyRequest{Name: "before", Role: pb.Role_ROLE_ORGANISER})
	if err != nil {
		t.Fatal(err)
	}

	slow := &pb.Clock{DecisionMs: 600_000}
	away := &pb.FailurePolicy{DisconnectGraceMs: 600_000}
	create := func(i int, target string, seats ...*pb.SeatConfig) *pb.CreateTableResponse {
		t.Helper()
		resp, err := clients[i].CreateTable(admin, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats,
			Clock: slow, FailurePolicy: away, Options: map[string]string{"target": target}})
		if err != nil {
			t.Fatalf("CreateTable through referee %d: %v%s", i, err, logs())
		}
		return resp
	}
	builtin := func(name string) *pb.SeatConfig {
		return &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: name}}}
	}
	// finishGames plays n games of one deal between built-in bots, created through both
	// referees in turn, and returns their ids.
	finishGames := func(n int) []string {
		t.Helper()
		var ids []string
		for i := range n {
			ids = append(ids, create(i%2, "1", builtin("random"), builtin("rulebook")).GetTableId())
		}
		for _, id := range ids {
			awaitTableState(admin, t, clients[0], id, pb.TableState_TABLE_STATE_FINISHED)
		}
		return ids
	}
	finishedBefore := finishGames(6)

	// Two games in play that stand still, one owned by each referee, their bots connected
	// through the other: they make 10 decisions each, then the first asked an 11th waits.
	remote := &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "r"}}}
	heldCtx, stopHeld := context.WithCancel(ctx)
	var heldDone, heldStill sync.WaitGroup
	var held []*pb.CreateTableResponse
	for i := range 2 {
		resp := create(i, "1", remote, remote)
		held = append(held, resp)
		heldStill.Add(1)
		var still sync.Once
		heldDone.Go(func() {
			playSeats(heldCtx, addrs[1-i], resp, func(seat int) botsdk.Bot {
				r, n := botsdk.NewRandom(uint64(seat)+7), 0
				return botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
					if n++; n > 10 {
						still.Do(heldStill.Done)
						<-ctx.Done()
						return 0, ctx.Err()
					}
					return r.Decide(ctx, req)
				})
			})
		})
	}

	// Two games that never end, one owned by each referee, played as fast as their bots go, so
	// that the store is written to throughout the dump; the longest wait for a decision request
	// during it is logged.
	var gaps gaptrack.Tracker
	loadCtx, stopLoad := context.WithCancel(ctx)
	var loadDone sync.WaitGroup
	var load []string
	for i := range 2 {
		resp := create(i, "1000000", remote, remote)
		load = append(load, resp.GetTableId())
		loadDone.Go(func() {
			playSeats(loadCtx, addrs[1-i], resp, func(seat int) botsdk.Bot { return gaps.Bot(botsdk.NewRandom(uint64(seat) + 1)) })
		})
	}
	heldStill.Wait()
	if err := gaps.Await(ctx, 300); err != nil {
		t.Fatalf("the endless games: %v%s", err, logs())
	}

	// The tournament: built-in bots, one game of one deal at a time, 40 games, backed up once
	// 3 have ended (about 0.1 s a game here: a margin of seconds).
	tournaments := pb.NewTournamentServiceClient(grpcConn(t, addrs[0], insecure.NewCredentials()))
	tr, err := tournaments.CreateTournament(admin, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{Name: "backup",
		Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 40, Concurrency: 1, Options: map[string]string{"target": "1"},
		Entrants: []*pb.Entrant{{Id: "random", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}},
			{Id: "rulebook", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "rulebook"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	tid := tr.GetTournament().GetTournamentId()
	for played := uint32(0); played < 3; {
		got, err := tournaments.GetTournament(admin, &pb.GetTournamentRequest{TournamentId: tid})
		if err != nil {
			t.Fatal(err)
		}
		played = got.GetTournament().GetStandings().GetPlayed()
		time.Sleep(20 * time.Millisecond)
	}

	// The backup, as docs/OPERATIONS.md gives it.
	dump := filepath.Join(dir, "bezique.dump")
	dumpFrom := gaps.Start()
	out, err := exec.Command(pgDump, "--format=custom", "--file="+dump, srcURL).CombinedOutput()
	took := gaps.Stop()
	if err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	if err := gaps.Await(ctx, gaps.Decisions()+100); err != nil { // the referees play on after the dump
		t.Fatalf("the endless games after the dump: %v%s", err, logs())
	}
	fi, err := os.Stat(dump)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pg_dump of the store (%d bytes) took %v; %v", fi.Size(), took.Round(time.Millisecond), &gaps)

	// After the backup: games finished, a key created and one revoked, none of it in the copy.
	finishedAfter := finishGames(2)
	after, err := keys.CreateKey(admin, &pb.CreateKeyRequest{Name: "after", Role: pb.Role_ROLE_ORGANISER})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := keys.RevokeKey(admin, &pb.RevokeKeyRequest{KeyId: before.GetKey().GetKeyId()}); err != nil {
		t.Fatal(err)
	}
	_, err = clients[1].ListTables(as(before.GetSecret()), &pb.ListTablesRequest{PageSize: 1})
	if want := "API key " + before.GetKey().GetKeyId() + " was revoked at "; status.Code(err) != codes.Unauthenticated || !strings.HasPrefix(status.Convert(err).Message(), want) {
		t.Fatalf("the key revoked, through the other referee: %v, want Unauthenticated %q…", err, want)
	}
	stopLoad()
	stopHeld()
	loadDone.Wait()
	heldDone.Wait()
	for _, p := range procs {
		p.kill()
	}

	// The restore: pg_restore into a new, empty database, then a referee on it, on the address
	// of referee 0.
	dstURL := freshPostgresDatabase(t, base)
	restoreFrom := time.Now()
	if out, err := exec.Command(pgRestore, "--single-transaction", "--dbname="+dstURL, dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	db, err := sql.Open("pgx", dstURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The tournament's results in the copy.
	var restored []string
	rows, err := db.Query("SELECT table_id FROM tournament_games WHERE tournament_id = $1", tid)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		restored = append(restored, id)
	}
	rows.Close()
	// The copy's leases, by the address of the referee that held them, and how long the last of
	// each referee's had left before it expired.
	byAddr, left := map[string][]string{}, map[string]time.Duration{}
	rows, err = db.Query("SELECT l.kind || ' ' || l.id, r.address, extract(epoch FROM l.expires_at - now())::float8 " +
		"FROM leases l JOIN referees r ON r.owner = l.owner")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, addr string
		var secs float64
		if err := rows.Scan(&id, &addr, &secs); err != nil {
			t.Fatal(err)
		}
		byAddr[addr] = append(byAddr[addr], id)
		left[addr] = max(left[addr], time.Duration(secs*float64(time.Second)))
	}
	rows.Close()
	if !slices.Contains(byAddr[addrs[0]], "tournament "+tid) || !slices.Contains(byAddr[addrs[1]], "table "+load[1]) {
		t.Fatalf("the copy's leases by referee: %v; want the tournament %s held by %s, the table %s by %s", byAddr, tid, addrs[0], load[1], addrs[1])
	}

	started := time.Now()
	startRefereeProc(t, bin, logPath(2), args(addrs[0], dstURL)...)
	serving := time.Since(started)
	var owner string
	if err := db.QueryRow("SELECT owner FROM referees WHERE address = $1", addrs[0]).Scan(&owner); err != nil {
		t.Fatalf("the restored referee's row: %v", err)
	}
	// notHeld returns the leases of want that the restored referee neither holds nor has ended
	// since: a table's or tournament's lease is deleted when it ends (00004_leases.sql), and only
	// its holder can end it, so an ended one was taken over. A built-in bots' game can end within
	// milliseconds of its takeover.
	notHeld := func(want []string) []string {
		t.Helper()
		rows, err := db.Query("SELECT kind || ' ' || id FROM leases WHERE owner = $1", owner)
		if err != nil {
			t.Fatal(err)
		}
		var held []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			held = append(held, id)
		}
		rows.Close()
		var missing []string
		for _, l := range want {
			if slices.Contains(held, l) {
				continue
			}
			kind, id, _ := strings.Cut(l, " ")
			var state string
			if err := db.QueryRow("SELECT state FROM "+kind+"s WHERE id = $1", id).Scan(&state); err != nil {
				t.Fatalf("the state of %s: %v", l, err)
			}
			if state != "finished" && state != "cancelled" {
				missing = append(missing, l)
			}
		}
		return missing
	}
	// At its start it holds those of the referee whose address it took (Advertise expired them),
	// the others' once they expire.
	if missing := notHeld(byAddr[addrs[0]]); len(missing) > 0 {
		t.Fatalf("the restored referee on %s neither holds nor has ended %v once serving, of those its address held in the copy %v", addrs[0], missing, byAddr[addrs[0]])
	}
	for len(notHeld(byAddr[addrs[1]])) > 0 {
		if ctx.Err() != nil {
			t.Fatalf("the restored referee neither holds nor has ended %v, of referee 1's leases in the copy %v%s", notHeld(byAddr[addrs[1]]), byAddr[addrs[1]], logs())
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("pg_restore took %v; the new referee started %v after pg_dump did and served %v later holding (or having ended) referee 0's %d leases (of its address); "+
		"referee 1's %d, due to expire %v after the start, it held (or had ended) %v after it",
		started.Sub(restoreFrom).Round(time.Millisecond), started.Sub(dumpFrom).Round(time.Millisecond), serving.Round(time.Millisecond),
		len(byAddr[addrs[0]]), len(byAddr[addrs[1]]), left[addrs[1]].Round(time.Millisecond), time.Since(started).Round(time.Millisecond))

	tables := dialTables(t, addrs[0])
	list, err := tables.ListTables(admin, &pb.ListTablesRequest{PageSize: 1000, State: pb.TableState_TABLE_STATE_FINISHED})
	if err != nil {
		t.Fatal(err)
	}
	// The tournament's finished games are the results it holds now, read after the listing.
	tn, err := tournaments.GetTournament(admin, &pb.GetTournamentRequest{TournamentId: tid})
	if err != nil {
		t.Fatal(err)
	}
	var finished []string
	for _, ti := range list.GetTables() {
		if !slices.ContainsFunc(tn.GetResults(), func(r *pb.TournamentGameResult) bool { return r.GetTableId() == ti.GetTableId() }) {
			finished = append(finished, ti.GetTableId())
		}
	}
	slices.Sort(finished)
	if want := slices.Sorted(slices.Values(finishedBefore)); !slices.Equal(finished, want) {
		t.Fatalf("restored: finished %v (besides the tournament's), want those finished before the backup %v (after it: %v)", finished, want, finishedAfter)
	}
	for _, id := range finishedBefore {
		verifiedRecord(admin, t, tables, id)
	}

	// Keys as at the backup: "before" valid again, "after" unknown; the audit trail ends there.
	if _, err := tables.ListTables(as(before.GetSecret()), &pb.ListTablesRequest{PageSize: 1}); err != nil {
		t.Errorf("the key revoked after the backup, on the restored store: %v, want valid", err)
	}
	_, err = tables.ListTables(as(after.GetSecret()), &pb.ListTablesRequest{PageSize: 1})
	if want := status.New(codes.Unauthenticated, "unknown API key"); status.Code(err) != want.Code() || status.Convert(err).Message() != want.Message() {
		t.Errorf("the key created after the backup, on the restored store: %v, want %v", err, want.Err())
	}
	audit, err := pb.NewKeyServiceClient(grpcConn(t, addrs[0], insecure.NewCredentials())).ListAuditEvents(admin, &pb.ListAuditEventsRequest{PageSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var keyEvents []string
	for _, e := range audit.GetEvents() {
		if e.GetAction() == pb.AuditAction_AUDIT_ACTION_KEY_CREATED || e.GetAction() == pb.AuditAction_AUDIT_ACTION_KEY_REVOKED {
			keyEvents = append(keyEvents, e.GetAction().String()+" "+e.GetTarget())
		}
	}
	if want := []string{"AUDIT_ACTION_KEY_CREATED " + before.GetKey().GetKeyId()}; !slices.Equal(keyEvents, want) {
		t.Errorf("restored audit trail's key events %v, want %v", keyEvents, want)
	}

	// The games in play at the backup: playing, and new bots finish the two that stood still.
	for _, id := range load {
		awaitTableState(admin, t, tables, id, pb.TableState_TABLE_STATE_PLAYING)
	}
	for _, resp := range held {
		if errs := playSeats(ctx, addrs[0], resp, func(seat int) botsdk.Bot { return botsdk.NewRandom(uint64(seat) + 3) }); len(errs) > 0 {
			t.Fatalf("table %s restored in play: %v%s", resp.GetTableId(), errs, logs())
		}
		if rec := verifiedRecord(admin, t, tables, resp.GetTableId()); rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("table %s restored in play ended %v, want completed", resp.GetTableId(), rec.GetResult().GetOutcome())
		}
	}

	// The tournament: its results stored before the backup kept, the rest of its schedule played.
	for {
		tn, err = tournaments.GetTournament(admin, &pb.GetTournamentRequest{TournamentId: tid})
		if err != nil {
			t.Fatal(err)
		}
		if tn.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_RUNNING {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("tournament %s still running: %d of %d games%s", tid, tn.GetTournament().GetStandings().GetPlayed(),
				tn.GetTournament().GetStandings().GetScheduled(), logs())
		}
		time.Sleep(50 * time.Millisecond)
	}
	st := tn.GetTournament().GetStandings()
	if tn.GetTournament().GetState() != pb.TournamentState_TOURNAMENT_STATE_FINISHED || st.GetPlayed() != st.GetScheduled() || len(tn.GetResults()) != int(st.GetScheduled()) {
		t.Fatalf("tournament %s: %v, %d of %d games, %d results; want finished, all", tid, tn.GetTournament().GetState(), st.GetPlayed(), st.GetScheduled(), len(tn.GetResults()))
	}
	games := map[uint32]bool{}
	var final []string
	for _, r := range tn.GetResults() {
		if games[r.GetGame()] {
			t.Fatalf("tournament %s: game %d played twice", tid, r.GetGame())
		}
		games[r.GetGame()] = true
		final = append(final, r.GetTableId())
		verifiedRecord(admin, t, tables, r.GetTableId())
	}
	slices.Sort(restored)
	if kept := slices.DeleteFunc(slices.Clone(final), func(id string) bool { return !slices.Contains(restored, id) }); len(kept) != len(restored) {
		t.Fatalf("tournament %s: of the %d results in the copy %v, %d kept in the end", tid, len(restored), restored, len(kept))
	}
	if len(restored) == 0 || len(restored) == len(final) {
		t.Fatalf("tournament %s: %d results of %d in the copy; want some, not all", tid, len(restored), len(final))
	}
	t.Logf("tournament: %d of %d games in the copy, the rest played by the restored referee", len(restored), len(final))
}

// pgTool returns the path of a PostgreSQL client program (pg_dump, pg_restore): Debian's
// package puts them in PATH (scripts/postgres.sh installs it).
func pgTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s: %v (Debian's postgresql-client package has it; scripts/postgres.sh installs it)", name, err)
	}
	return path
}

// freshPostgresDatabase creates a database for this test on base's server (dropped at cleanup,
// with whatever is still connected to it) and returns base's URL naming it.
func freshPostgresDatabase(t *testing.T, base string) string {
	t.Helper()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	name := fmt.Sprintf("e2e_backup_%d_%d", os.Getpid(), time.Now().UnixNano())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("drop database: %v", err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// playSeats plays every seat of a table with a bot of newBot through the referee at server,
// each in its own goroutine, until the game ends or ctx is done, and returns the errors of
// those that did not see the game's end for another reason than ctx.
func playSeats(ctx context.Context, server string, resp *pb.CreateTableResponse, newBot func(seat int) botsdk.Bot) []error {
	var mu sync.Mutex
	var errs []error
	var seats sync.WaitGroup
	for _, st := range resp.GetSeatTokens() {
		seats.Go(func() {
			_, err := botsdk.Play(ctx, botsdk.Config{Server: server, TableID: resp.GetTableId(), Seat: int(st.GetSeat()), Token: st.GetToken(),
				BotName: "e2e", BotVersion: "1", MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(),
				ViewMode: pb.ViewMode_VIEW_MODE_NONE}, newBot(int(st.GetSeat())))
			if err != nil && ctx.Err() == nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		})
	}
	seats.Wait()
	return errs
}

// awaitTableState polls GetTable until table id is in state want.
func awaitTableState(ctx context.Context, t *testing.T, tables pb.TableServiceClient, id string, want pb.TableState) {
	t.Helper()
	for {
		got, err := tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err == nil && got.GetTable().GetState() == want {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("table %s is %v (%v), want %v", id, got.GetTable().GetState(), err, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// verifiedRecord reads table id's record and checks it against a replay through the engine.
func verifiedRecord(ctx context.Context, t *testing.T, tables pb.TableServiceClient, id string) *pb.GameRecord {
	t.Helper()
	rec := getRecord(ctx, t, tables, id)
	if err := verifyRecord(rec); err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	return rec
}
