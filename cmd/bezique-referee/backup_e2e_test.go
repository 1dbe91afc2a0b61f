package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/gaptrack"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// TestBinaryBackupWhilePlaying backs a live SQLite store up with the documented command,
// bezique-referee backup, while a referee plays on it, and restores it: a referee started on the
// copy lists exactly the games finished before the backup (not those finished after it), each
// record replays and verifies, and the games in play at the backup come back playing, recovered
// from their stored actions, and are played to their end by new bots. Meanwhile four tables of
// random bots played on, so the store was written to throughout the backup: the longest wait of
// a bot for its next decision during the backup, and before it, are logged.
func TestBinaryBackupWhilePlaying(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the referee")
	}
	bin := buildReferee(t)
	dir := t.TempDir()
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "sqlite:"+filepath.Join(dir, "db"), "--max-target", "1000000") // endless games below
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	slow := &pb.Clock{DecisionMs: 600_000}
	away := &pb.FailurePolicy{DisconnectGraceMs: 600_000}
	remote := &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "r"}}}
	create := func(target string, seats ...*pb.SeatConfig) *pb.CreateTableResponse {
		t.Helper()
		resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats, Clock: slow,
			FailurePolicy: away, Options: map[string]string{"target": target}})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	// finishGames plays n games of one deal between built-in bots and returns their ids.
	finishGames := func(n int) []string {
		t.Helper()
		var ids []string
		for range n {
			ids = append(ids, create("1", builtin("random"), builtin("rulebook")).GetTableId())
		}
		for _, id := range ids {
			awaitState(ctx, t, tables, id, pb.TableState_TABLE_STATE_FINISHED)
		}
		return ids
	}
	before := finishGames(6)

	// Two games in play that stand still: their bots make 10 decisions each, then the first to
	// be asked an 11th waits, and with it the game.
	var held []*pb.CreateTableResponse
	heldCtx, stopHeld := context.WithCancel(ctx)
	var heldDone, heldStill sync.WaitGroup
	for range 2 {
		resp := create("1", remote, remote)
		held = append(held, resp)
		heldDone.Add(1)
		heldStill.Add(1)
		var still sync.Once
		go func() {
			defer heldDone.Done()
			playAll(heldCtx, t, p.addr, resp, func(seat int) botsdk.Bot {
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
		}()
	}

	// Four games that never end (target 1 000 000), played as fast as the bots go: the store is
	// written to throughout the backup. gaps records the longest wait for a decision request.
	var gaps gaptrack.Tracker
	loadCtx, stopLoad := context.WithCancel(ctx)
	var loadDone sync.WaitGroup
	var load []string
	for range 4 {
		resp := create("1000000", remote, remote)
		load = append(load, resp.GetTableId())
		loadDone.Add(1)
		go func() {
			defer loadDone.Done()
			playAll(loadCtx, t, p.addr, resp, func(seat int) botsdk.Bot { return gaps.Bot(botsdk.NewRandom(uint64(seat) + 1)) })
		}()
	}
	heldStill.Wait()
	if err := gaps.Await(ctx, 2000); err != nil {
		t.Fatalf("the four endless games: %v", err)
	}

	// The documented command, as docs/OPERATIONS.md gives it.
	copyPath := filepath.Join(dir, "backup.db")
	gaps.Start()
	out, err := exec.Command(bin, "backup", "--store", "sqlite:"+filepath.Join(dir, "db"), "--to", copyPath).CombinedOutput()
	took := gaps.Stop()
	if err != nil {
		t.Fatalf("bezique-referee backup: %v\n%s", err, out)
	}
	fi, err := os.Stat(copyPath)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("bezique-referee backup: sqlite:%s copied to %s (%d bytes)\n", filepath.Join(dir, "db"), copyPath, fi.Size()); string(out) != want {
		t.Fatalf("bezique-referee backup printed %q, want %q", out, want)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("the copy has mode %v, want 0600", fi.Mode().Perm())
	}
	if err := gaps.Await(ctx, gaps.Decisions()+200); err != nil { // the referee plays on after the backup
		t.Fatalf("the four endless games after the backup: %v", err)
	}
	t.Logf("backup of a %d-byte store took %v; %v", fi.Size(), took.Round(time.Millisecond), &gaps)
	after := finishGames(2) // not in the copy

	// Stop the referee, then restore: a new referee on the copy.
	stopLoad()
	stopHeld()
	loadDone.Wait()
	heldDone.Wait()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-p.exited
	if out, err := exec.Command(bin, "backup", "--store", "sqlite:"+filepath.Join(dir, "db"), "--to", copyPath).CombinedOutput(); err == nil {
		t.Fatalf("a backup over an existing file succeeded: %s", out)
	} else if want := fmt.Sprintf("bezique-referee backup: store: backup sqlite %s to %s: file already exists\n", filepath.Join(dir, "db"), copyPath); string(out) != want {
		t.Fatalf("a backup over an existing file printed %q, want %q", out, want)
	}
	p2 := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "sqlite:"+copyPath, "--max-target", "1000000")
	tables = pb.NewTableServiceClient(dialReferee(t, p2.addr))
	list, err := tables.ListTables(ctx, &pb.ListTablesRequest{PageSize: 1000, State: pb.TableState_TABLE_STATE_FINISHED})
	if err != nil {
		t.Fatal(err)
	}
	var finished []string
	for _, ti := range list.GetTables() {
		finished = append(finished, ti.GetTableId())
	}
	slices.Sort(finished)
	want := slices.Sorted(slices.Values(before))
	if !slices.Equal(finished, want) {
		t.Fatalf("restored: finished %v, want those finished before the backup %v (after it: %v)", finished, want, after)
	}
	for _, id := range before {
		verifyStoredRecord(ctx, t, tables, id)
	}
	for _, id := range load {
		awaitState(ctx, t, tables, id, pb.TableState_TABLE_STATE_PLAYING)
	}
	for _, resp := range held { // recovered from their actions: new bots play them to the end
		awaitState(ctx, t, tables, resp.GetTableId(), pb.TableState_TABLE_STATE_PLAYING)
		playAll(ctx, t, p2.addr, resp, func(seat int) botsdk.Bot { return botsdk.NewRandom(uint64(seat) + 3) })
		rec := verifyStoredRecord(ctx, t, tables, resp.GetTableId())
		if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("table %s restored in play ended %v, want completed", resp.GetTableId(), rec.GetResult().GetOutcome())
		}
	}
}

// awaitState polls GetTable until table id is in state want.
func awaitState(ctx context.Context, t *testing.T, tables pb.TableServiceClient, id string, want pb.TableState) {
	t.Helper()
	for {
		got, err := tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
		if err != nil {
			t.Fatalf("table %s: %v", id, err)
		}
		if got.GetTable().GetState() == want {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("table %s is %v, want %v", id, got.GetTable().GetState(), want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// verifyStoredRecord reads table id's record and checks it against a replay through the engine.
func verifyStoredRecord(ctx context.Context, t *testing.T, tables pb.TableServiceClient, id string) *pb.GameRecord {
	t.Helper()
	got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
	if err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	rp, err := wire.ReplayRecord(got.GetRecord())
	if err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	if err := rp.Verify(got.GetRecord()); err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	return got.GetRecord()
}
