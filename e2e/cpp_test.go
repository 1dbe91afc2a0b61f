// The C++ example bot (botsdk/examples/cpp), a program on gRPC alone built from the .proto files
// as docs/write-a-bot.md tells an author of another language: it plays a whole game on the real
// referee, through a connection cut mid-deal, and a `bezique match --cmd`. It skips, saying why,
// when Debian's C++ gRPC toolchain is missing (scripts/ci-polyglot.sh installs it), and under
// -short (its build takes about 30 s of CPU; scripts/test.sh's full e2e run plays it).

package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// needCpp skips the test when the C++ bot cannot be built here.
func needCpp(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("skipped under -short: building the C++ bot takes about 30 s of CPU")
	}
	for _, tool := range []string{"g++", "pkg-config", "protoc", "grpc_cpp_plugin"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipped: the C++ bot needs %s on PATH; scripts/ci-polyglot.sh installs Debian's g++ pkg-config protobuf-compiler protobuf-compiler-grpc libgrpc++-dev", tool)
		}
	}
	if out, err := exec.Command("pkg-config", "--exists", "--print-errors", "grpc++", "protobuf").CombinedOutput(); err != nil {
		t.Skipf("skipped: the C++ bot needs Debian's libgrpc++-dev (pkg-config grpc++ protobuf: %v: %s); scripts/ci-polyglot.sh installs it", err, out)
	}
}

// cppBuild is the C++ example bot built once for the test binary (buildCpp): 31 s of CPU
// each time, for two tests. TestMain removes its directory.
var cppBuild struct {
	once sync.Once
	dir  string
	log  string
	err  error
}

// buildCpp builds the C++ example bot with its build script, the first time a test asks, into
// a directory of the test binary's, and returns its path.
func buildCpp(t *testing.T) string {
	t.Helper()
	b := &cppBuild
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "bezique-cpp-bot-"); b.err != nil {
			return
		}
		start := time.Now()
		cmd := exec.Command("bash", "botsdk/examples/cpp/build.sh", b.dir)
		cmd.Dir = repoRoot(t)
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.err = fmt.Errorf("botsdk/examples/cpp/build.sh: %v\n%s", err, out)
			return
		}
		b.log = fmt.Sprintf("C++ bot built in %v (%v of CPU)", time.Since(start).Round(time.Second),
			(cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Round(time.Second))
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	t.Log(b.log)
	return filepath.Join(b.dir, "bezique-cpp-bot")
}

// TestCppBot plays the C++ example bot against the built-in rulebook bot, a whole two-handed
// game on the real referee (pinging every 5 ms), through a TCP proxy that cuts its connection
// once mid-deal: the bot must answer pings, join again with resume_after_seq and play every one
// of its actions itself (no intervention in the record, which replays to the stated result).
// Then `bezique match --cmd` plays it in serve mode against the built-in random bot, until the
// SPRT accepts H1: its heuristic (melds, brisques won with the view's beating_cards) is the
// stronger.
func TestCppBot(t *testing.T) {
	t.Parallel()
	needCpp(t)
	dir := t.TempDir()
	cppbot := buildCpp(t)
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	// Pings every 5 ms rather than 5 s, so that the bot answers some in a game of a fraction of a second.
	addr, tables := startRefereeWith(t, referee, insecure.NewCredentials(), "--ping-interval", "5ms")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(11),
		Seats: []*pb.SeatConfig{remote("cpp"), {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}}}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	// 20 kB from the referee is some thirty decisions into the first deal with the compact view
	// and batches: mid-deal, well before the game's end.
	const cutAfter = 20_000
	proxy := startProxy(t, addr, cutAfter)
	b := startBot(t, "cpp", append([]string{cppbot, "--name", "cpp-example"}, seatArgs(proxy.addr(), id, 0, tokenOf(resp, 0))...)...)
	waitBots(t, 2*time.Minute, b)
	rec := replayVerified(t, tables, id)

	if !proxy.cut.Load() || proxy.accepted.Load() < 2 || proxy.sent.Load() < 2*cutAfter {
		t.Errorf("cut %v, %d connection(s), %d bytes: want a cut mid-game and a second connection", proxy.cut.Load(), proxy.accepted.Load(), proxy.sent.Load())
	}
	if !strings.Contains(b.out.String(), "reconnecting") {
		t.Errorf("the bot did not log a reconnection:\n%s", b.out.String())
	}
	for _, a := range rec.GetActions() {
		if a.GetIntervention() != pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
			t.Errorf("action seq %d of seat %d was played by the referee (%s): the bot did not resume in time", a.GetSeq(), a.GetSeat(), a.GetIntervention())
		}
	}
	if m := regexp.MustCompile(`game over: completed, side \d wins \(\d+ v \d+, \d+ deals; (\d+) pings answered\)`).FindStringSubmatch(b.out.String()); m == nil || m[1] == "0" {
		t.Errorf("want a game-over line with some pings answered:\n%s", b.out.String())
	}
	if got := rec.GetSeats()[0].GetBotName(); got != "cpp-example" {
		t.Errorf("seat 0 played by %q, want cpp-example", got)
	}
	t.Logf("cpp v rulebook: %d connections, %d bytes; %d deals, %d actions, totals %v", proxy.accepted.Load(), proxy.sent.Load(),
		rec.GetResult().GetDeals(), len(rec.GetActions()), rec.GetResult().GetScores())

	bin := build(t, dir, "./cmd/bezique", "bezique")
	out := runMatch(t, bin, "--seed", "5", "--cmd", cppbot+" --capacity 4", "random")
	games := matchSummary(t, out, "cmd-a", "random", "H1 accepted")
	if !regexp.MustCompile(`(?m)^ +1 +cmd-a .* 0 +0 +0 +0 +\d+\.\d\d$`).MatchString(out) {
		t.Errorf("the C++ bot forfeited, timed out, sent an illegal action or disconnected:\n%s", out)
	}
	t.Logf("cpp v random: H1 accepted after %d games", games)
}

// TestCppBotConfiguredByEnvironment: the C++ example given nothing but the environment an
// operator gives a bot (BEZIQUE_SERVER, BEZIQUE_KEY, BEZIQUE_TLS_CA) plays a seat bound to its key
// with --table and --seat alone, and in serve mode with no flag, on a referee serving TLS with a
// private CA, as the SDKs' examples do (TestBotsConfiguredByEnvironment). Before, it read no
// $BEZIQUE_TLS_CA and dialled the referee in plaintext. The key and the address end with a
// newline in the first run and are padded with spaces in the second (a file or a Kubernetes
// Secret read into the environment): the bot drops that whitespace, as every SDK does.
// Before, it sent such a key as it was and dialled such an address as it was.
func TestCppBotConfiguredByEnvironment(t *testing.T) {
	t.Parallel()
	needCpp(t)
	dir := t.TempDir()
	cppbot := buildCpp(t)
	r := startTLSKeysReferee(t, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	env, keyID := r.env(ctx, t, "cpp-seat")
	resp, err := r.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seed: seed32(12), Options: map[string]string{"target": "500"},
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "cpp", BotKeyId: keyID}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	waitBots(t, 2*time.Minute, startBotEnv(t, "cpp", padded(env, "", "\n"), cppbot, "--table", id, "--seat", "0"))
	if got := replayVerified(t, r.tables, id).GetSeats()[0].GetBotName(); got != "cpp-seat" {
		t.Errorf("seat 0 played by %q, want cpp-seat (its key's name)", got)
	}

	env, _ = r.env(ctx, t, "cpp-serve")
	b := startBotEnv(t, "cpp-serve", padded(env, " ", " "), cppbot)
	waitLobby(ctx, t, r.lobby, map[string]*bot{"cpp-serve": b}, "cpp-serve")
	challenged, err := r.lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: map[string]string{"target": "500"},
		Seats: []*pb.ChallengeSeat{{Kind: &pb.ChallengeSeat_Lobby{Lobby: "cpp-serve"}}, {Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatalf("Challenge cpp-serve: %v", err)
	}
	if got := replayVerified(t, r.tables, challenged.GetTable().GetTableId()).GetResult().GetOutcome(); got != pb.Outcome_OUTCOME_COMPLETED {
		t.Errorf("the C++ bot's game in serve mode ended %v, want completed", got)
	}
}

// padded returns env with the values of BEZIQUE_KEY and BEZIQUE_SERVER between before and after.
func padded(env []string, before, after string) []string {
	out := slices.Clone(env)
	for i, kv := range out {
		if k, v, _ := strings.Cut(kv, "="); k == "BEZIQUE_KEY" || k == "BEZIQUE_SERVER" {
			out[i] = k + "=" + before + v + after
		}
	}
	return out
}
