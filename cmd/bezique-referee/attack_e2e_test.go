package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func slowBots(d time.Duration) func(seat int) botsdk.Bot {
	return func(seat int) botsdk.Bot {
		r := botsdk.NewRandom(uint64(seat) + 7)
		return botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
			time.Sleep(d)
			return r.Decide(ctx, req)
		})
	}
}

// TestAtkBinarySIGTERMRestartResume: SIGTERM with games in play and a short drain; the bots
// (botsdk, reconnecting) resume on a referee restarted on the same store and address; every game
// finishes and its record replays and verifies.
func TestAtkBinarySIGTERMRestartResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary twice")
	}
	bin := buildReferee(t)
	addr := freeAddr(t)
	db := "sqlite:" + filepath.Join(t.TempDir(), "db")
	args := []string{"--listen", addr, "--metrics-listen", "", "--store", db, "--drain-timeout", "300ms", "--ping-interval", "100ms"}
	p := startBinary(t, bin, args...)
	tables := pb.NewTableServiceClient(dialReferee(t, addr))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var ids []string
	done := make(chan []*pb.GameResult, 3)
	for range 3 {
		resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, resp.GetTableId())
		go func() { done <- playAll(ctx, t, addr, resp, slowBots(2*time.Millisecond)) }()
	}
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exited:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, p.log())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no exit after SIGTERM\n%s", p.log())
	}
	t.Logf("exited %v after SIGTERM", time.Since(start))
	p2 := startBinary(t, bin, args...)
	defer func() { _ = p2.cmd.Process.Signal(syscall.SIGTERM) }()
	for range 3 {
		select {
		case res := <-done:
			for seat, r := range res {
				if r == nil {
					t.Errorf("a seat %d got no result", seat)
				}
			}
		case <-ctx.Done():
			t.Fatalf("games did not finish after the restart\n%s", p2.log())
		}
	}
	for _, id := range ids {
		got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
		if err != nil {
			t.Fatal(err)
		}
		rp, err := wire.ReplayRecord(got.GetRecord())
		if err != nil {
			t.Fatal(err)
		}
		if err := rp.Verify(got.GetRecord()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAtkBinaryStoreFileClobbered: the SQLite file is overwritten with garbage while games are in
// play. The referee must not crash (what the bots see is logged); started again on that file, it
// stops at once saying the file is damaged.
func TestAtkBinaryStoreFileClobbered(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary")
	}
	bin := buildReferee(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "db")
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "sqlite:"+path, "--ping-interval", "100ms")
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	defer cancel()
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	var reconnects atomic.Int32
	go func() {
		cfg := botsdk.Config{Server: p.addr, TableID: resp.GetTableId(), Seat: 0, Token: resp.GetSeatTokens()[0].GetToken(), MaxBackoff: 100 * time.Millisecond,
			OnWelcome: func(*pb.Welcome) { reconnects.Add(1) }}
		res, err := botsdk.Play(ctx, cfg, slowBots(5*time.Millisecond)(0))
		t.Logf("bot: result %v err %v", res, err)
	}()
	time.Sleep(300 * time.Millisecond)
	for _, f := range []string{path, path + "-wal"} {
		garbage := make([]byte, 64<<10)
		for i := range garbage {
			garbage[i] = byte(i * 7)
		}
		_ = os.WriteFile(f, garbage, 0o600)
	}
	<-ctx.Done()
	got, err := tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: resp.GetTableId()})
	t.Logf("GetTable: %v %v; bot welcomes %d", got.GetTable().GetState(), err, reconnects.Load())
	_, err = tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	t.Logf("CreateTable after: %v", err)
	select {
	case err := <-p.exited:
		t.Fatalf("the referee exited: %v\n%s", err, p.log())
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	<-p.exited
	t.Logf("log:\n%s", p.log())
	// Restart on the clobbered file: the referee stops at once, saying the file is damaged
	// (store.ErrDamaged); it tried again for its store wait (a minute) before, as for a database
	// server still starting. The deadline is far above the moment it takes.
	cmd := exec.Command(bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "sqlite:"+path)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(out.String(), "restore it from a backup") {
			t.Errorf("restart on the clobbered store: %v, want exit status 1 saying the file is damaged:\n%s", err, out.String())
		}
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
		t.Errorf("restart on the clobbered store still running after 30 s:\n%s", out.String())
	}
}
