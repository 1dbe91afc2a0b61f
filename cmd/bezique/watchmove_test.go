package main

import (
	"context"
	"io"
	"net"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

// sharedReferees starts n referees in this process, each on its own loopback port, sharing a
// fresh schema of the PostgreSQL server of BEZIQUE_TEST_POSTGRES_URL (dropped at cleanup), and
// returns them with their addresses; it skips the test when the variable is not set.
func sharedReferees(t *testing.T, n int) ([]*service.Server, []string) {
	t.Helper()
	u := testpg.Schema(t, testpg.URL(t), "cli_shared")
	out, addrs := make([]*service.Server, n), make([]string, n)
	for i := range out {
		st, err := store.Open(t.Context(), u)
		if err != nil {
			t.Fatal(err)
		}
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv, err := service.New(t.Context(), service.Config{Store: st, Logger: quietLogger(io.Discard), Advertise: lis.Addr().String()})
		if err != nil {
			t.Fatal(err)
		}
		g := grpc.NewServer(service.ServerOptions(nil)...)
		srv.Register(g)
		go func() { _ = g.Serve(lis) }()
		t.Cleanup(func() {
			g.Stop()
			srv.Close()
			_ = st.Close()
		})
		out[i], addrs[i] = srv, lis.Addr().String()
	}
	return out, addrs
}

// slowBot is the random bot, 3 ms a decision, so that a game lasts a few seconds.
type slowBot struct{ r botsdk.Bot }

func (b slowBot) Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
	time.Sleep(3 * time.Millisecond)
	return b.r.Decide(ctx, req)
}

// TestWatchFollowsATableThatMoves: `bezique watch` through referee B of a table that referee A
// runs goes on when A hands its tables over (its drain) and B takes the table over: the stream
// ends Unavailable with a second's RetryInfo, and the command watches again from the next event,
// printing every event once, in order, then the result. It failed with "WatchTable: rpc error:
// code = Unavailable".
func TestWatchFollowsATableThatMoves(t *testing.T) {
	refs, addrs := sharedReferees(t, 2)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	a := pb.NewTableServiceClient(dialed(t, addrs[0]))
	resp, err := a.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "north"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "south"}}}},
		Options: map[string]string{"target": "1000"}})
	if err != nil {
		t.Fatal(err)
	}
	var seats sync.WaitGroup
	for _, st := range resp.GetSeatTokens() {
		seats.Go(func() {
			_, err := botsdk.Play(ctx, botsdk.Config{Server: addrs[1], TableID: resp.GetTableId(), Seat: int(st.GetSeat()), Token: st.GetToken(),
				MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(io.Discard)}, slowBot{botsdk.NewRandom(uint64(st.GetSeat()))})
			if err != nil {
				t.Errorf("seat %d: %v", st.GetSeat(), err)
			}
		})
	}
	type ran struct {
		out string
		err error
	}
	done := make(chan ran, 1)
	go func() {
		out, err := runCmd(ctx, "watch", resp.GetTableId(), "--server", addrs[1])
		done <- ran{out, err}
	}()
	// Hand A's tables over once the game is a few seconds in.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		got, err := a.GetTable(ctx, &pb.GetTableRequest{TableId: resp.GetTableId()})
		if err == nil && got.GetTable().GetLastSeq() >= 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game did not reach event 200 in 20 s: %v", err)
		}
	}
	if err := refs[0].Handover(ctx); err != nil {
		t.Fatal(err)
	}
	r := <-done
	seats.Wait()
	if r.err != nil {
		t.Fatalf("watch: %v\n%s", r.err, r.out)
	}
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], "result: ") {
		t.Fatalf("watch's last line %q, want the result", lines[len(lines)-1])
	}
	event := regexp.MustCompile(`^ *(\d+)  `)
	last, n := uint64(0), 0
	for _, l := range lines[:len(lines)-1] {
		m := event.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("watch printed %q, want an event line", l)
		}
		seq, _ := strconv.ParseUint(m[1], 10, 64)
		if seq <= last {
			t.Fatalf("watch printed event %d after event %d:\n%s", seq, last, r.out)
		}
		last, n = seq, n+1
	}
	// Watched again now that it has ended, the table gives the same events, but for the seats'
	// connections before the move, which the store does not keep (B's table rebuilt from it).
	again, err := runCmd(ctx, "watch", resp.GetTableId(), "--server", addrs[1])
	if err != nil || withoutConnections(again) != withoutConnections(r.out) {
		t.Fatalf("watch through the move (%d events):\n%s\nwatch of the ended table: %v\n%s", n, r.out, err, again)
	}
	t.Logf("%d events printed, the last %d", n, last)
}

// withoutConnections returns watch's output out without the lines of seats connecting or
// disconnecting: live events, which the watch of an ended table (read from the store) has none
// of. A referee cut as if killed closed a seat's stream just before the watch's, which printed
// "seat 1 disconnected" (a CI run).
func withoutConnections(out string) string {
	return regexp.MustCompile(`(?m)^ *\d+  seat \d+ (?:dis)?connected\n`).ReplaceAllString(out, "")
}

// dialed returns a connection to addr, closed at the test's end.
func dialed(t *testing.T, addr string) *grpc.ClientConn {
	t.Helper()
	cc, err := (connFlags{server: addr}).dial("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cc.Close() })
	return cc
}

// TestTournamentWatchFollowsATournamentThatMoves: `bezique tournament watch` through referee B of
// a tournament that referee A runs goes on when A hands its tables and tournaments over and B
// takes the tournament over: each result is printed once, as a watch of the ended tournament
// prints them, then the standings. It failed with "WatchTournament: rpc error: code =
// Unavailable" and the advice to follow it again.
func TestTournamentWatchFollowsATournamentThatMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("20 games on PostgreSQL: not with -short")
	}
	refs, addrs := sharedReferees(t, 2)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	out, err := runCmd(ctx, "tournament", "create", "--server", addrs[0], "--entrant", "random", "--entrant", "random",
		"--deals", "10", "--concurrency", "1", "--seed", "7")
	if err != nil {
		t.Fatalf("tournament create: %v\n%s", err, out)
	}
	id, _, _ := strings.Cut(out, "\n")
	type ran struct {
		out string
		err error
	}
	done := make(chan ran, 1)
	go func() {
		out, err := runCmd(ctx, "tournament", "watch", id, "--server", addrs[1])
		done <- ran{out, err}
	}()
	tournaments := pb.NewTournamentServiceClient(dialed(t, addrs[0]))
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		got, err := tournaments.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
		if err == nil && len(got.GetResults()) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not reach 3 results in 30 s: %v", err)
		}
	}
	if err := refs[0].Handover(ctx); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.err != nil {
		t.Fatalf("tournament watch: %v\n%s", r.err, r.out)
	}
	again, err := runCmd(ctx, "tournament", "watch", id, "--server", addrs[1])
	if err != nil || again != r.out {
		t.Fatalf("tournament watch through the move:\n%s\nwatch of the ended tournament: %v\n%s", r.out, err, again)
	}
	if n := strings.Count(r.out, " on "+id+"-g"); n != 20 {
		t.Fatalf("tournament watch printed %d results, want the 20 games':\n%s", n, r.out)
	}
}

// TestWatchFollowsARefereeRestart: `bezique watch` of a table whose referee (alone on its SQLite
// store) stops and starts again on its address two seconds later goes on from the next event to
// the result: the stop's Unavailable has a RetryInfo, and the refused connections that follow it
// (no RetryInfo) are tried again within the same 30 s. The command ended at the first refused
// connection (an outside trial). The same when the referee is cut off as if killed (no
// RetryInfo at all): the command says the referee lost, once, and goes on.
func TestWatchFollowsARefereeRestart(t *testing.T) {
	for _, killed := range []bool{false, true} {
		t.Run(map[bool]string{false: "drained", true: "killed"}[killed], func(t *testing.T) { watchThroughRestart(t, killed) })
	}
}

func watchThroughRestart(t *testing.T, killed bool) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "bezique.db")
	addr, stop, cut := startSQLiteReferee(t, path, "127.0.0.1:0")
	if killed {
		stop = cut
	}
	resp, err := pb.NewTableServiceClient(dialed(t, addr)).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "north"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "south"}}}},
		Options: map[string]string{"target": "1000"}})
	if err != nil {
		t.Fatal(err)
	}
	var seats sync.WaitGroup
	for _, st := range resp.GetSeatTokens() {
		seats.Go(func() {
			_, err := botsdk.Play(ctx, botsdk.Config{Server: addr, TableID: resp.GetTableId(), Seat: int(st.GetSeat()), Token: st.GetToken(),
				MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(io.Discard)}, slowBot{botsdk.NewRandom(uint64(st.GetSeat()))})
			if err != nil {
				t.Errorf("seat %d: %v", st.GetSeat(), err)
			}
		})
	}
	out, done := startCmd(ctx, "watch", resp.GetTableId(), "--server", addr)
	for deadline := time.Now().Add(20 * time.Second); !regexp.MustCompile(`(?m)^ *(\d{3,})  `).MatchString(out.String()); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("watch printed no event past 99 in 20 s:\n%s", out.String())
		}
	}
	stop()
	time.Sleep(2 * time.Second)
	_, _, _ = startSQLiteReferee(t, path, addr)
	if err := <-done; err != nil {
		t.Fatalf("watch: %v\n%s", err, out.String())
	}
	seats.Wait()
	lost := regexp.MustCompile(`(?m)^lost the referee at ` + regexp.QuoteMeta(addr) + ` \(Unavailable: .+\); trying again for up to 30s \(--takeover-wait\)\n`)
	if n := len(lost.FindAllString(out.String(), -1)); n != map[bool]int{false: 0, true: 1}[killed] {
		t.Errorf("watch said the referee lost %d times:\n%s", n, out.String())
	}
	again, err := runCmd(ctx, "watch", resp.GetTableId(), "--server", addr)
	if err != nil || withoutConnections(again) != withoutConnections(lost.ReplaceAllString(out.String(), "")) {
		t.Fatalf("watch through the restart:\n%s\nwatch of the ended table: %v\n%s", out.String(), err, again)
	}
}

// TestTournamentWatchFollowsALostReferee: `bezique tournament watch` of a tournament whose
// referee (alone on its SQLite store) is cut off as if killed, and starts again on its address
// two seconds later, says the referee lost and goes on: every result printed once, to the
// tournament's end. It ended at the cut, saying how to follow the tournament again (an outside
// trial watched through a Kubernetes Service whose other referees had taken the tournament over).
func TestTournamentWatchFollowsALostReferee(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "bezique.db")
	addr, _, cut := startSQLiteReferee(t, path, "127.0.0.1:0")
	tournaments := pb.NewTournamentServiceClient(dialed(t, addr))
	resp, err := tournaments.CreateTournament(ctx, &pb.CreateTournamentRequest{Spec: &pb.TournamentSpec{
		Variant: pb.Variant_VARIANT_TWO_HANDED, Deals: 100, Concurrency: 1, Options: map[string]string{"target": "1000"}, Entrants: []*pb.Entrant{
			{Id: "a", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}, {Id: "b", Kind: &pb.Entrant_BuiltinBot{BuiltinBot: "random"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTournament().GetTournamentId()
	out, done := startCmd(ctx, "tournament", "watch", id, "--server", addr)
	results := func() int { return strings.Count(out.String(), " on "+id+"-g") }
	// Games to 1000 (one or two deals each): to 3000 a loaded CI machine played one in 30 s.
	for deadline := time.Now().Add(45 * time.Second); results() < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("watch printed fewer than 2 results in 45 s:\n%s", out.String())
		}
	}
	cut()
	time.Sleep(2 * time.Second)
	startSQLiteReferee(t, path, addr)
	before := results()
	for deadline := time.Now().Add(30 * time.Second); results() <= before; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("watch printed no result in the 30 s after the restart:\n%s", out.String())
		}
	}
	if _, err := pb.NewTournamentServiceClient(dialed(t, addr)).CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id}); err != nil {
		t.Fatal(err)
	}
	cancelled := "tournament " + id + " was cancelled after " // after its standings: an error (exit status 1)
	if err := <-done; err == nil || !strings.HasPrefix(err.Error(), cancelled) {
		t.Fatalf("watch: %v, want %q…\n%s", err, cancelled, out.String())
	}
	lost := regexp.MustCompile(`(?m)^lost the referee at ` + regexp.QuoteMeta(addr) + ` \(WatchTournament: Unavailable: .+\); trying again for up to 30s \(--takeover-wait\)\n`)
	if n := len(lost.FindAllString(out.String(), -1)); n != 1 {
		t.Errorf("watch said the referee lost %d times, want once:\n%s", n, out.String())
	}
	again, err := runCmd(ctx, "tournament", "watch", id, "--server", addr)
	if err == nil || !strings.HasPrefix(err.Error(), cancelled) || again != lost.ReplaceAllString(out.String(), "") {
		t.Fatalf("watch through the cut:\n%s\nwatch of the ended tournament: %v\n%s", out.String(), err, again)
	}
}

// TestWatchGivesUpAfterTakeoverWait: `bezique watch --takeover-wait 3s` of a table whose referee
// stops and does not come back gives up 3 s after the stop, its last try at the limit (it gave up
// at 2 s, when a second's wait more would pass them: a docs audit), saying how to follow the
// table again;
// without the flag it waited botsdk.DefaultTakeoverWait (30 s), a store outage's length or not (an
// outside trial watched through a 150 s PostgreSQL pause and was dropped at 30 s).
func TestWatchGivesUpAfterTakeoverWait(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	addr, stop, _ := startSQLiteReferee(t, filepath.Join(t.TempDir(), "bezique.db"), "127.0.0.1:0")
	resp, err := pb.NewTableServiceClient(dialed(t, addr)).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "north"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "south"}}}},
		Options: map[string]string{"target": "1000"}})
	if err != nil {
		t.Fatal(err)
	}
	bots, stopBots := context.WithCancel(ctx)
	var seats sync.WaitGroup
	defer seats.Wait()
	defer stopBots()
	for _, tok := range resp.GetSeatTokens() {
		seats.Go(func() { // they lose their referee below: their errors are not this test's
			_, _ = botsdk.Play(bots, botsdk.Config{Server: addr, TableID: resp.GetTableId(), Seat: int(tok.GetSeat()), Token: tok.GetToken(),
				MaxBackoff: 200 * time.Millisecond, Logger: quietLogger(io.Discard)}, slowBot{botsdk.NewRandom(uint64(tok.GetSeat()))})
		})
	}
	out, done := startCmd(ctx, "watch", resp.GetTableId(), "--server", addr, "--takeover-wait", "3s")
	for deadline := time.Now().Add(20 * time.Second); !regexp.MustCompile(`(?m)^ *(\d{2,})  `).MatchString(out.String()); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("watch printed no event past 9 in 20 s:\n%s", out.String())
		}
	}
	stop()
	stopped := time.Now()
	err = <-done
	took := time.Since(stopped)
	want := `follow it again with "bezique watch --server ` + addr + ` ` + resp.GetTableId() + `"`
	if err == nil || !strings.HasSuffix(err.Error(), want) || took < 2900*time.Millisecond || took > 5*time.Second { // the stream may end a moment before stop returns
		t.Fatalf("watch --takeover-wait 3s ended %v after the referee stopped: %v; want an error ending %s after about 3 s, within 5", took.Round(time.Millisecond), err, want)
	}
	t.Logf("gave up %v after the stop: %v", took.Round(time.Millisecond), err)
}

// startSQLiteReferee serves a referee on the SQLite file at path, listening on addr, until stop
// (or the test's end) stops it as the referee stops after its drain: its streams end with their
// status; or until cut stops it as a referee killed: its connections cut, every stream ending
// Unavailable without a RetryInfo. It returns the address it listens on.
func startSQLiteReferee(t *testing.T, path, addr string) (string, func(), func()) {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := service.New(context.Background(), service.Config{Store: st, Logger: quietLogger(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(service.ServerOptions(nil)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			srv.Close()
			g.GracefulStop()
			_ = st.Close()
		})
	}
	cut := func() {
		once.Do(func() {
			g.Stop()
			srv.Close()
			_ = st.Close()
		})
	}
	t.Cleanup(stop)
	return lis.Addr().String(), stop, cut
}
