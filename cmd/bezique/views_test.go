package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

// TestViewsOfEveryEnd ends real games every way a referee ends them (played to the end, forfeited
// by timeout, by illegal actions and by disconnection, cancelled) and checks what every human view
// says: watch's forfeit and result lines, the tables listing's outcome column, the bot's last line
// and the replayed record's score sheet.
func TestViewsOfEveryEnd(t *testing.T) {
	ctx, ref := testReferee(t, 120*time.Second)
	// answers too late: Decide ignores its context and returns past the request's deadline (the
	// SDK answers the first legal action for a bot that gives up in time).
	silent := botsdk.BotFunc(func(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
		time.Sleep(time.Until(req.GetDeadline().AsTime()) + 300*time.Millisecond)
		return req.GetLegalActions()[0].GetActionId(), nil
	})
	cases := []struct {
		name    string
		create  []string
		play    func(t *testing.T, table, token string) string // returns the bot's last line
		want    string                                         // the outcome, wire.OutcomeText's words
		watched string                                         // a line watch prints before the result
	}{
		{"completed", []string{"--option", "target=500"}, func(t *testing.T, table, token string) string {
			out, err := runCmd(ctx, "bot", "--server", ref.addr, "--table", table, "--seat", "0", "--token", token, "--bot", "rulebook")
			if err != nil {
				t.Fatalf("bot: %v\n%s", err, out)
			}
			if !strings.Contains(out, "deal 1 ends: side 0 ") {
				t.Errorf("bot printed no line per deal:\n%s", out)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			return lines[len(lines)-1]
		}, "completed, side %d wins", "game over: side %d wins"},
		{"forfeit by timeout", []string{"--decision-ms", "300", "--bank-ms", "0", "--on-timeout", "forfeit"}, playWith(ctx, ref.addr, silent, false),
			"forfeit by seat 0 (timeout: decision deadline passed), side 1 wins", "seat 0 forfeits (decision deadline passed)"},
		{"forfeit by illegal actions", []string{"--on-illegal", "forfeit", "--strike-limit", "1"}, playIllegal(ctx, ref.addr),
			"forfeit by seat 0 (illegal actions: strike limit (1) reached on one decision), side 1 wins", "seat 0 forfeits (strike limit (1) reached on one decision)"},
		{"forfeit by disconnect", []string{"--on-disconnect", "forfeit", "--grace-ms", "200"}, playWith(ctx, ref.addr, silent, true),
			"forfeit by seat 0 (disconnect: disconnected for longer than the grace period), side 1 wins", "seat 0 forfeits (disconnected for longer than the grace period)"},
		{"cancelled", nil, func(t *testing.T, table, _ string) string {
			out, err := runCmd(ctx, "cancel", table, "--server", ref.addr, "--reason", "bot crashed")
			if err != nil || !strings.Contains(out, "cancelled (bot crashed), no result") {
				t.Fatalf("cancel: %v\n%s", err, out)
			}
			return ""
		}, "cancelled (bot crashed), no result", "table cancelled: bot crashed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"create", "--server", ref.addr, "--seed", "9", "--seat", "remote:me", "--seat", "builtin:random"}, c.create...)
			out, err := runCmd(ctx, args...)
			if err != nil {
				t.Fatalf("create: %v\n%s", err, out)
			}
			m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\n`).FindStringSubmatch(out)
			watched := make(chan string, 1)
			go func() {
				out, err := runCmd(ctx, "watch", m[1], "--server", ref.addr)
				if err != nil {
					out += "\nerror: " + err.Error()
				}
				watched <- out
			}()
			time.Sleep(100 * time.Millisecond) // the watch starts before the seat joins
			botLine := c.play(t, m[1], m[2])
			w := <-watched
			got, err := ref.tables.GetTable(ctx, &pb.GetTableRequest{TableId: m[1]})
			if err != nil {
				t.Fatal(err)
			}
			res := got.GetTable().GetResult()
			want, watchedLine := c.want, c.watched
			if strings.Contains(want, "%d") {
				want, watchedLine = fmt.Sprintf(want, res.GetWinnerSide()), fmt.Sprintf(watchedLine, res.GetWinnerSide())
			}
			result := want + "; " + scoresText(res.GetScores())
			if !strings.Contains(w, "  "+watchedLine) || !strings.HasSuffix(w, "\nresult: "+result+"\n") {
				t.Errorf("watch printed:\n%s\nwant %q and the result line %q", tail(w), watchedLine, result)
			}
			if botLine != "" && botLine != "game over: "+result {
				t.Errorf("the bot's last line %q, want %q", botLine, "game over: "+result)
			}
			out, err = runCmd(ctx, "tables", "--server", ref.addr)
			if err != nil || !regexp.MustCompile(`(?m)^`+m[1]+`\s.*  `+regexp.QuoteMeta(want)+`  +chosen seed$`).MatchString(out) {
				t.Errorf("tables: %v\n%s\nwant %s's outcome %q", err, out, m[1], want)
			}
			rec, err := ref.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: m[1]})
			if err != nil {
				t.Fatal(err)
			}
			sheet := replaySheet(t, rec.GetRecord())
			if !strings.Contains(sheet, "\nResult: "+want+"\n") {
				t.Errorf("the score sheet says:\n%s\nwant Result: %s", tail(sheet), want)
			}
		})
	}
	// The listings: a state filter, an outcome filter, and the responses as protojson.
	for _, c := range []struct {
		args  []string
		lines int
	}{
		{[]string{"tables", "--state", "cancelled"}, 1},
		{[]string{"tables", "--state", "finished"}, 4},
		{[]string{"records", "list", "--outcome", "forfeit"}, 3},
		{[]string{"records", "list"}, 5},
	} {
		out, err := runCmd(ctx, append(c.args, "--server", ref.addr)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if err != nil || len(lines) != 1+c.lines || !strings.HasPrefix(lines[0], "TABLE  ") {
			t.Errorf("%v: %v, %d tables; want %d under the header:\n%s", c.args, err, len(lines)-1, c.lines, out)
		}
	}
	out, err := runCmd(ctx, "tables", "--json", "--server", ref.addr)
	var tables pb.ListTablesResponse
	if err != nil || protojson.Unmarshal([]byte(out), &tables) != nil || len(tables.GetTables()) != len(cases) {
		t.Errorf("tables --json: %v\n%s", err, out)
	}
	out, err = runCmd(ctx, "records", "list", "--json", "--outcome", "cancelled", "--server", ref.addr)
	var games pb.ListGamesResponse
	if err != nil || protojson.Unmarshal([]byte(out), &games) != nil || len(games.GetGames()) != 1 ||
		games.GetGames()[0].GetResult().GetReason() != "bot crashed" {
		t.Errorf("records list --json --outcome cancelled: %v\n%s", err, out)
	}
}

// playWith returns a play function that joins seat 0 with bot through botsdk.Play and returns the
// bot's last line as bezique bot prints it; with leave, the bot leaves at its first decision and
// the table's result is awaited through GetTable.
func playWith(ctx context.Context, addr string, bot botsdk.Bot, leave bool) func(t *testing.T, table, token string) string {
	return func(t *testing.T, table, token string) string {
		pctx, stop := context.WithCancel(ctx)
		defer stop()
		if leave {
			bot = botsdk.BotFunc(func(context.Context, *pb.DecisionRequest) (uint32, error) {
				stop()
				return 0, context.Canceled
			})
		}
		cfg := botsdk.Config{Server: addr, TableID: table, Seat: 0, Token: token, Logger: quietLogger(io.Discard), ConnectAttempts: 1}
		res, err := botsdk.Play(pctx, cfg, bot)
		if leave {
			return ""
		}
		if err != nil {
			t.Fatalf("botsdk.Play: %v", err)
		}
		return "game over: " + resultText(res)
	}
}

// playIllegal plays seat 0 over a stream of its own, answering every request with action 9999,
// which no legal action has (the SDKs answer the first legal action for a bot that chooses it),
// and returns the bot's last line, as playWith does.
func playIllegal(ctx context.Context, addr string) func(t *testing.T, table, token string) string {
	return func(t *testing.T, table, token string) string {
		cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			t.Fatal(err)
		}
		defer cc.Close()
		stream, err := pb.NewSeatServiceClient(cc).Connect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		join := &pb.Join{TableId: table, Seat: 0, Token: token, ProtocolVersion: service.ProtocolVersion}
		if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: join}}); err != nil {
			t.Fatal(err)
		}
		for {
			m, err := stream.Recv()
			if err != nil {
				t.Fatalf("seat stream: %v", err)
			}
			switch k := m.GetKind().(type) {
			case *pb.ConnectResponse_DecisionRequest:
				illegal := &pb.Decide{RequestId: k.DecisionRequest.GetRequestId(), Choice: &pb.Decide_ActionId{ActionId: 9999}}
				if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Decide{Decide: illegal}}); err != nil {
					t.Fatal(err)
				}
			case *pb.ConnectResponse_GameOver:
				return "game over: " + resultText(k.GameOver.GetResult())
			}
		}
	}
}

// replaySheet writes rec to a file and returns what "bezique replay FILE" prints.
func replaySheet(t *testing.T, rec *pb.GameRecord) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	b, err := protojson.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCmd(context.Background(), "replay", path)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	return out
}

// TestViewsOfAnExpiredTable: a table that waits for its seats longer than the referee's
// --waiting-expiry (here 500 ms) ends as expired, with no result; watch, the bot that joined, the
// tables listing and the replayed record say so.
func TestViewsOfAnExpiredTable(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ref := serveReferee(t, ctx, service.Config{Logger: quietLogger(io.Discard), WaitingExpiry: 500 * time.Millisecond})
	defer ref.Close()
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seed", "9", "--seat", "remote:me", "--seat", "remote:you")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\n`).FindStringSubmatch(out)
	watched := make(chan string, 1)
	go func() {
		out, err := runCmd(ctx, "watch", m[1], "--server", ref.addr)
		if err != nil {
			out += "\nerror: " + err.Error()
		}
		watched <- out
	}()
	// Seat 0 joins and waits for seat 1, which never comes. (Seed 9 turns up the 7♥: the dealer's
	// side 1 has its 10 before any seat acts.)
	bot, err := runCmd(ctx, "bot", "--server", ref.addr, "--table", m[1], "--seat", "0", "--token", m[2], "--bot", "random")
	if err != nil {
		t.Fatalf("bot: %v\n%s", err, bot)
	}
	w := <-watched
	const want = "expired (no game started within 500ms of the table's creation, the referee's --waiting-expiry), no result"
	lines := strings.Split(strings.TrimSpace(bot), "\n")
	if got := lines[len(lines)-1]; got != "game over: "+want+"; side 0 0, side 1 10" {
		t.Errorf("the bot's last line %q, want %q", got, "game over: "+want+"; side 0 0, side 1 10")
	}
	if !strings.HasSuffix(w, "\nresult: "+want+"; side 0 0, side 1 10\n") {
		t.Errorf("watch printed:\n%s\nwant the result line %q", tail(w), want)
	}
	if strings.Contains(w, "cancelled") {
		t.Errorf("watch printed:\n%s\nwant no word of a cancellation: the table expired", tail(w))
	}
	out, err = runCmd(ctx, "tables", "--server", ref.addr, "--state", "cancelled")
	if err != nil || strings.Contains(out, m[1]) {
		t.Errorf("tables --state cancelled: %v\n%s\nwant no %s: it expired", err, out, m[1])
	}
	out, err = runCmd(ctx, "tables", "--server", ref.addr, "--state", "expired")
	if err != nil || !regexp.MustCompile(`(?m)^`+m[1]+`  expired  two-handed  0:me 1:you  side 0 0, side 1 10  `+regexp.QuoteMeta(want)+`  chosen seed$`).MatchString(out) {
		t.Errorf("tables: %v\n%s\nwant %s's outcome %q", err, out, m[1], want)
	}
	out, err = runCmd(ctx, "records", "list", "--server", ref.addr, "--outcome", "expired")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); err != nil || len(lines) != 2 || !strings.HasPrefix(lines[1], m[1]+"  ") {
		t.Errorf("records list --outcome expired: %v\n%s\nwant %s alone under the header", err, out, m[1])
	}
	rec, err := ref.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: m[1]})
	if err != nil {
		t.Fatal(err)
	}
	if sheet := replaySheet(t, rec.GetRecord()); !strings.Contains(sheet, "\nResult: "+want+"\nWinner: none\n") {
		t.Errorf("the score sheet says:\n%s\nwant Result: %s", tail(sheet), want)
	}
}

// TestPlayWaitsWhenEndIsTheOnlyChoice: after a won trick with nothing to meld, play says so and
// answers "end" once the person presses Enter, not at once: the time the window took told the
// other seats that the person had nothing to meld (an outside trial).
func TestPlayWaitsWhenEndIsTheOnlyChoice(t *testing.T) {
	var out bytes.Buffer
	lines := make(chan string, 1)
	h := &human{out: &out, lines: lines}
	req := &pb.DecisionRequest{RequestId: 4, LegalActions: []*pb.LegalAction{{ActionId: 1, Action: &pb.Action{Kind: &pb.Action_EndWindow{EndWindow: &pb.EndWindowAction{}}}}}}
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if id, err := h.Decide(short, req); id != 0 || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Decide without Enter = %d, %v; want it waiting", id, err)
	}
	lines <- ""
	if id, err := h.Decide(context.Background(), req); id != 1 || err != nil {
		t.Fatalf("Decide after Enter = %d, %v; want 1", id, err)
	}
	if want := strings.Repeat("  nothing to meld: press Enter to go on> ", 2); out.String() != want {
		t.Errorf("play printed %q; want %q", out.String(), want)
	}
}

// TestWatchOfAGameEndedBeforeARestart: a game that ended and left the referee's memory has no
// events to watch; watch says so and prints its result, as the store keeps it.
func TestWatchOfAGameEndedBeforeARestart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st := store.NewMemory(100)
	serve := func() *localReferee {
		return serveReferee(t, ctx, service.Config{Store: st, Logger: quietLogger(io.Discard)})
	}
	ref := serve()
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seed", "9", "--seat", "remote:me", "--seat", "builtin:random")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	table := regexp.MustCompile(`table (\S+)\n`).FindStringSubmatch(out)[1]
	if out, err := runCmd(ctx, "cancel", table, "--server", ref.addr, "--reason", "bot crashed"); err != nil {
		t.Fatalf("cancel: %v\n%s", err, out)
	}
	ref.Close()
	ref = serve()
	defer ref.Close()
	out, err = runCmd(ctx, "watch", table, "--server", ref.addr)
	want := "table " + table + " has ended and left memory; use GetRecord\nresult: cancelled (bot crashed), no result; side 0 0, side 1 10\n"
	if err != nil || out != want {
		t.Fatalf("watch: %v\n%s\nwant:\n%s", err, out, want)
	}
}

// serveReferee serves a referee configured by cfg on a loopback port, as startReferee does with
// the default configuration.
func serveReferee(t *testing.T, ctx context.Context, cfg service.Config) *localReferee {
	t.Helper()
	srv, err := service.New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(service.ServerOptions(nil)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	r := &localReferee{addr: lis.Addr().String(), srv: srv, grpc: g}
	if r.cc, err = (connFlags{server: r.addr}).dial(""); err != nil {
		t.Fatal(err)
	}
	r.tables = pb.NewTableServiceClient(r.cc)
	return r
}
