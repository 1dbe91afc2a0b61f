package main

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// buildReferee builds this command into a temporary directory.
func buildReferee(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bezique-referee")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// process is a running referee binary.
type process struct {
	cmd    *exec.Cmd
	addr   string
	exited chan error
	mu     sync.Mutex
	stderr strings.Builder
}

// startBinary runs the referee with args and waits for its "serving gRPC on ADDR" line.
func startBinary(t *testing.T, bin string, args ...string) *process {
	t.Helper()
	cmd := exec.Command(bin, args...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, exited: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.stderr.WriteString(line + "\n")
			p.mu.Unlock()
			if a, ok := strings.CutPrefix(line, "bezique-referee: serving gRPC on "); ok {
				addr <- a
			}
		}
		_, _ = io.Copy(io.Discard, pipe)
		p.exited <- cmd.Wait()
	}()
	// Kill, not a look at cmd.ProcessState first: the reader goroutine's cmd.Wait writes that
	// field, and the look raced with it (-race, TestBinaryPostgres). Killing a process that has
	// exited returns os.ErrProcessDone.
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	select {
	case p.addr = <-addr:
	case err := <-p.exited:
		t.Fatalf("referee exited before serving: %v\n%s", err, p.log())
	case <-time.After(30 * time.Second):
		t.Fatalf("no 'serving gRPC on' line in 30 s:\n%s", p.log())
	}
	return p
}

func (p *process) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

func dialReferee(t *testing.T, addr string) *grpc.ClientConn {
	t.Helper()
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return cc
}

// playAll plays every remote seat of a table with a random Go bot, each seat its own stream
// (dialled with dial, plaintext when none is given).
func playAll(ctx context.Context, t *testing.T, addr string, resp *pb.CreateTableResponse, bot func(seat int) botsdk.Bot, dial ...grpc.DialOption) []*pb.GameResult {
	t.Helper()
	var wg sync.WaitGroup
	results := make([]*pb.GameResult, len(resp.GetTable().GetSeats()))
	for _, st := range resp.GetSeatTokens() {
		seat := int(st.GetSeat())
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := botsdk.Config{Server: addr, TableID: resp.GetTableId(), Seat: seat, Token: st.GetToken(), BotName: "e2e-random", BotVersion: "1",
				MaxBackoff: 200 * time.Millisecond, DialOptions: dial}
			res, err := botsdk.Play(ctx, cfg, bot(seat))
			if err != nil && ctx.Err() == nil {
				t.Errorf("seat %d: %v", seat, err)
			}
			results[seat] = res
		}()
	}
	wg.Wait()
	return results
}

// TestBinaryWholeGames runs the real binary with a SQLite store, plays a two-handed and a
// four-handed game with Go bots over loopback TCP, and checks the final scores against an
// independent replay of the record through the engine.
func TestBinaryWholeGames(t *testing.T) {
	bin := buildReferee(t)
	dir := t.TempDir()
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:0", "--store", "sqlite:"+filepath.Join(dir, "db"), "--ping-interval", "200ms")
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, c := range []struct {
		variant pb.Variant
		seats   int
	}{{pb.Variant_VARIANT_TWO_HANDED, 2}, {pb.Variant_VARIANT_FOUR_HANDED, 4}} {
		t.Run(c.variant.String(), func(t *testing.T) {
			seats := make([]*pb.SeatConfig, c.seats)
			for i := range seats {
				seats[i] = &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "e2e"}}}
			}
			resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: c.variant, Seats: seats})
			if err != nil {
				t.Fatal(err)
			}
			results := playAll(ctx, t, p.addr, resp, func(seat int) botsdk.Bot { return botsdk.NewRandom(uint64(seat) + 1) })
			var rec *pb.GameRecord
			for rec == nil {
				got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: resp.GetTableId()})
				if err == nil {
					rec = got.GetRecord()
				} else if ctx.Err() != nil {
					t.Fatalf("GetRecord: %v", err)
				} else {
					time.Sleep(20 * time.Millisecond)
				}
			}
			rp, err := wire.ReplayRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := rp.Verify(rec); err != nil {
				t.Fatal(err)
			}
			if rec.GetResult().GetOutcome() != pb.Outcome_OUTCOME_COMPLETED || !rp.Game.Over() {
				t.Fatalf("result %v, replay over %v", rec.GetResult(), rp.Game.Over())
			}
			totals := rp.Game.Totals()
			if best := totals[rp.Game.Winner()]; best < rp.Game.Rules().Target {
				t.Fatalf("winner has %d, target %d", best, rp.Game.Rules().Target)
			}
			for seat, res := range results {
				if res == nil {
					t.Fatalf("seat %d has no result", seat)
				}
				for side, sc := range res.GetScores() {
					if int(sc.GetTotal()) != totals[side] {
						t.Fatalf("seat %d saw side %d at %d; the replay gives %d", seat, side, sc.GetTotal(), totals[side])
					}
				}
				if res.GetWinnerSide() != uint32(rp.Game.Winner()) {
					t.Fatalf("seat %d saw side %d win; the replay says %d", seat, res.GetWinnerSide(), rp.Game.Winner())
				}
			}
		})
	}
}

// TestBinaryDrainOnSIGTERM: SIGTERM with a game in play and a short --drain-timeout; the gRPC
// health service says NOT_SERVING during the drain, and the process exits 0.
func TestBinaryDrainOnSIGTERM(t *testing.T) {
	bin := buildReferee(t)
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--drain-timeout", "1500ms")
	cc := dialReferee(t, p.addr)
	tables := pb.NewTableServiceClient(cc)
	health := healthpb.NewHealthClient(cc)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if h, err := health.Check(ctx, &healthpb.HealthCheckRequest{}); err != nil || h.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Fatalf("health before: %v %v", h, err)
	}
	seats := []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "slow"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "slow"}}}}
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	played := make(chan struct{})
	go func() {
		defer close(played)
		playAll(playCtx, t, p.addr, resp, func(seat int) botsdk.Bot {
			r := botsdk.NewRandom(uint64(seat))
			return botsdk.BotFunc(func(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
				time.Sleep(50 * time.Millisecond) // a slow bot: the game outlasts the drain timeout
				return r.Decide(ctx, req)
			})
		})
	}()
	for {
		got, err := tables.GetTable(ctx, &pb.GetTableRequest{TableId: resp.GetTableId()})
		if err != nil {
			t.Fatal(err)
		}
		if got.GetTable().GetState() == pb.TableState_TABLE_STATE_PLAYING && got.GetTable().GetLastSeq() > 20 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// Until the health service says NOT_SERVING, or the referee stops answering (it has exited
	// without saying so), not for a fixed second: the drain lasts 1.5 s, and a loaded machine may
	// take longer than a second to deliver the signal and answer.
	notServing := false
	for !notServing {
		h, err := health.Check(ctx, &healthpb.HealthCheckRequest{})
		if err != nil {
			break
		}
		notServing = h.GetStatus() == healthpb.HealthCheckResponse_NOT_SERVING
		time.Sleep(10 * time.Millisecond)
	}
	if !notServing {
		t.Error("grpc health never reported NOT_SERVING during the drain")
	}
	if _, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: seats}); err == nil {
		t.Error("CreateTable succeeded while draining")
	}
	select {
	case err := <-p.exited:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, p.log())
		}
		if p.cmd.ProcessState.ExitCode() != 0 {
			t.Fatalf("exit code %d", p.cmd.ProcessState.ExitCode())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the referee did not exit after SIGTERM:\n%s", p.log())
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("exited after %v, before the 1.5 s drain timeout with a game in play", d)
	}
	if !strings.Contains(p.log(), "drain timeout") {
		t.Errorf("no drain timeout in the log:\n%s", p.log())
	}
	stopPlay()
	<-played
}
