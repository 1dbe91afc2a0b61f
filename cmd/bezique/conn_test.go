package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestServerWithWhitespace: a --server, or its default ($BEZIQUE_SERVER), that ends with a
// newline (read from a file or a Kubernetes Secret) or is padded with spaces is the address
// itself: keys list answers through it as through the bare address. Before, grpc-go refused the
// newline ("invalid control character in URL") and resolved the spaces to no address ("produced
// zero addresses").
func TestServerWithWhitespace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin := "bzq_cli-admin-key-0123456789abcdef"
	addr := startAuthReferee(t, admin)
	t.Setenv(keyEnv, admin)
	if _, err := runCmd(ctx, "keys", "create", "--server", addr, "--name", "alpha-bot", "--role", "bot"); err != nil {
		t.Fatal(err)
	}
	want, err := runCmd(ctx, "keys", "list", "--server", addr)
	if err != nil {
		t.Fatal(err)
	}
	for _, server := range []string{addr + "\n", addr + "\r\n", " " + addr + " ", "\t" + addr} {
		if got, err := runCmd(ctx, "keys", "list", "--server", server); err != nil || got != want {
			t.Errorf("keys list --server %q: %v\n%s\nwant\n%s", server, err, got, want)
		}
		var c connFlags
		f := pflag.NewFlagSet("default", pflag.ContinueOnError)
		c.register(f, server, "")
		if err := f.Parse(nil); err != nil || c.server != addr {
			t.Errorf("--server defaulting to %q: %q, %v; want %q", server, c.server, err, addr)
		}
	}
}

// TestServerAsWebURL: a --server given as a web URL is refused at once,
// saying why, where grpc-go took the scheme for a resolver's ("Name resolution failed for target
// dns:http://…", after its attempts).
func TestServerAsWebURL(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const want = `--server: server "http://127.0.0.1:7777": want host:port without http:// or https:// (gRPC dials host:port; https is TLS, set on its own)`
	if _, err := runCmd(ctx, "tables", "--server", "http://127.0.0.1:7777"); err == nil || err.Error() != want {
		t.Errorf("tables --server http://127.0.0.1:7777: %v; want %s", err, want)
	}
}

// TestOlderRefereeSaidSo: a command whose call the referee does not have (an older build: no
// TournamentService) says that the referee is older; it printed grpc-go's "unknown service"
// alone (an upgrade trial).
func TestOlderRefereeSaidSo(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer() // no service at all
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err = runCmd(ctx, "tournament", "list", "--server", lis.Addr().String())
	want := "code = Unimplemented desc = unknown service bezique.v1.TournamentService (the referee at " + lis.Addr().String() +
		" does not have this call: it is an older build than this bezique; compare bezique-referee --version there with bezique --version)"
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("tournament list against a referee without the service: %v\nwant %s", err, want)
	}
}

// oldTables is a TableService of a referee older than ListGamesRequest.without_tournament_games:
// it lists a tournament's game whatever the request.
type oldTables struct {
	pb.UnimplementedTableServiceServer
}

// ListGames lists one tournament game.
func (oldTables) ListGames(context.Context, *pb.ListGamesRequest) (*pb.ListGamesResponse, error) {
	return &pb.ListGamesResponse{Games: []*pb.TableInfo{{TableId: "tn-0123456789abcdef-g0"}}}, nil
}

// TestWithoutTournamentGamesIgnored: records list and export --without-tournament-games against a
// referee that lists a tournament's game anyway (an older build, which drops the field it does not
// know) fail, saying so; the listing went on with the tournament's games (an upgrade trial).
func TestWithoutTournamentGamesIgnored(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer()
	pb.RegisterTableServiceServer(g, oldTables{})
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	want := "--without-tournament-games: the referee listed tn-0123456789abcdef-g0, a tournament's game: it is an older build, " +
		"which does not know the filter; compare bezique-referee --version there with bezique --version"
	for _, args := range [][]string{{"records", "list"}, {"records", "export", "--out", t.TempDir()}} {
		_, err := runCmd(ctx, append(args, "--server", lis.Addr().String(), "--without-tournament-games")...)
		if err == nil || err.Error() != want {
			t.Errorf("%v: %v\nwant %s", args, err, want)
		}
	}
}

// TestCommandGivesUpOnASilentReferee: a command whose referee takes the call and never answers
// (its PostgreSQL stopped with SIGSTOP, which no TCP timeout notices) gives up after --timeout,
// saying so. Before, "bezique tournament list" waited until it was killed (an outside trial).
func TestCommandGivesUpOnASilentReferee(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(grpc.UnknownServiceHandler(func(_ any, s grpc.ServerStream) error {
		<-s.Context().Done()
		return s.Context().Err()
	}))
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	ctx, cancel := context.WithCancel(context.Background()) // no deadline, as a person's command has
	defer time.AfterFunc(30*time.Second, cancel).Stop()
	start := time.Now()
	out, err := runCmd(ctx, "tournament", "list", "--server", lis.Addr().String(), "--timeout", "300ms")
	want := "code = DeadlineExceeded desc = no answer from the referee in 300ms (is its store out of reach? --timeout waits longer)"
	if took := time.Since(start); err == nil || !strings.Contains(err.Error(), want) || took > 10*time.Second {
		t.Errorf("tournament list against a referee that does not answer: %v after %v; want %q\n%s", err, took, want, out)
	}
}

// TestRefereesDeadlineExceededKept: a DEADLINE_EXCEEDED that the referee answers before
// --timeout runs out is printed with the referee's words; it was rewritten as "no answer from the
// referee in 1m0s" after 10 s (an outside trial, PostgreSQL stopped with SIGSTOP).
func TestRefereesDeadlineExceededKept(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := grpc.NewServer(grpc.UnknownServiceHandler(func(any, grpc.ServerStream) error {
		return status.Error(codes.DeadlineExceeded, "the referee's own words")
	}))
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(g.Stop)
	ctx, cancel := context.WithCancel(context.Background()) // no deadline, as a person's command has
	defer time.AfterFunc(30*time.Second, cancel).Stop()
	out, err := runCmd(ctx, "tournament", "list", "--server", lis.Addr().String(), "--timeout", "1m")
	if want := "code = DeadlineExceeded desc = the referee's own words"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("tournament list against a referee that answers DeadlineExceeded: %v; want %q\n%s", err, want, out)
	}
}

// TestNoRefereeAtServerSaysSo: a command whose --server has no referee listening (a port closed
// here) or a host that does not resolve names the address and the flag; `bezique watch` to a dead
// address printed grpc-go's words alone (an outside trial).
func TestNoRefereeAtServerSaysSo(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := lis.Addr().String()
	_ = lis.Close()
	hint := func(addr string) string {
		return " (no referee answers at " + addr + ": is bezique-referee running there? The address is --server, default $BEZIQUE_SERVER)"
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"watch", "t-1", "--server", dead}, "bezique: WatchTable: Unavailable: connection error: desc = " +
			`"transport: Error while dialing: dial tcp ` + dead + `: connect: connection refused"` + hint(dead)},
		{[]string{"tables", "--server", dead, "--tls"}, "bezique: ListTables: Unavailable: connection error: desc = " +
			`"transport: Error while dialing: dial tcp ` + dead + `: connect: connection refused"` + hint(dead)},
		{[]string{"tables", "--server", "nosuchhost.invalid:1"}, "bezique: ListTables: Unavailable: name resolver error: " +
			"produced zero addresses" + hint("nosuchhost.invalid:1")},
	} {
		if _, err := runCmd(ctx, c.args...); err == nil || errorText(err) != c.want {
			t.Errorf("%v:\ngot  %v\nwant %q", c.args, err, c.want)
		}
	}
}

// TestErrorTextWithoutGoWords: a refusal is printed as "Code: message", without grpc-go's "rpc
// error: code = … desc = …" and the Go package prefixes of the SDK and of the rules' errors (a
// docs trial: "bezique: botsdk: seat 0 of table t-…: rpc error: code = PermissionDenied desc = …"
// and "bezique: action "play XYZ": bezique: card …").
func TestErrorTextWithoutGoWords(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("botsdk: seat 0 of table t-1: %w", status.Error(codes.PermissionDenied, "join.token: wrong token for seat 0")),
			"bezique: seat 0 of table t-1: PermissionDenied: join.token: wrong token for seat 0"},
		{fmt.Errorf("CancelTournament: %w", status.Error(codes.FailedPrecondition, "tournament tn-1 is cancelled")),
			"bezique: CancelTournament: FailedPrecondition: tournament tn-1 is cancelled"},
		{errors.New(`action "play XYZ": bezique: card "XYZ" is not a card`), `bezique: action "play XYZ": card "XYZ" is not a card`},
	} {
		if got := errorText(c.err); got != c.want {
			t.Errorf("errorText(%q) = %q, want %q", c.err, got, c.want)
		}
	}
}

// TestLogLinesWithoutGoWords: the commands' log lines (a retry, a lost connection) carry no time
// and a gRPC error as the command reports one; they read "time=2026-12-06T… level=WARN … err="rpc
// error: code = Unavailable desc = …"" (an outside trial).
func TestLogLinesWithoutGoWords(t *testing.T) {
	var out strings.Builder
	warnLogger(&out).Warn("refused for now; retrying", "method", "/bezique.v1.TableService/GetTable",
		"err", status.Error(codes.Unavailable, "table t-1 is moving"), "wait", time.Second, "attempt", 1)
	want := `level=WARN msg="refused for now; retrying" method=/bezique.v1.TableService/GetTable err="Unavailable: table t-1 is moving" wait=1s attempt=1` + "\n"
	if out.String() != want {
		t.Errorf("logged %q, want %q", out.String(), want)
	}
}
