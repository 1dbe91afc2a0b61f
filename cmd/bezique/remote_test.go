package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// runCmd runs the bezique command line with args and returns its output.
func runCmd(ctx context.Context, args ...string) (string, error) {
	cmd := newRootCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.ExecuteContext(ctx)
	return out.String(), err
}

// startCmd runs the bezique command line with args on its own goroutine until it ends or ctx
// does; it returns the command's output as it comes and a channel that gets its error.
func startCmd(ctx context.Context, args ...string) (*syncBuffer, <-chan error) {
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		cmd := newRootCmd()
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(args)
		done <- cmd.ExecuteContext(ctx)
	}()
	return &out, done
}

// testReferee starts a referee in this process on loopback for the length of t (startReferee) and
// returns it with a context that ends after timeout or with the test.
func testReferee(t *testing.T, timeout time.Duration) (context.Context, *localReferee) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	ref, err := startReferee(ctx, io.Discard, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ref.Close)
	return ctx, ref
}

// TestRemoteCommands drives a referee through the commands a person runs against one: create a
// table, watch it, play its remote seat with "bot", list the tables, export the records and
// replay the export.
func TestRemoteCommands(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seed", "9", "--option", "target=500",
		"--seat", "remote:me", "--seat", "builtin:random", "--decision-ms", "5000", "--bank-ms", "10000")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\nseed commitment ([0-9a-f]{64})\ndealing chosen seed \(the table's creator can know every hand\)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	table, token, commitment := m[1], m[2], m[3]
	watched := make(chan string, 1)
	go func() {
		out, err := runCmd(ctx, "watch", table, "--server", ref.addr)
		if err != nil {
			out += "\nerror: " + err.Error()
		}
		watched <- out
	}()
	out, err = runCmd(ctx, "bot", "--server", ref.addr, "--table", table, "--seat", "0", "--token", token, "--bot", "rulebook")
	if err != nil || !strings.Contains(out, "game over") {
		t.Fatalf("bot: %v\n%s", err, out)
	}
	if w := <-watched; !strings.Contains(w, "deal 1: seat") || !strings.Contains(w, "wins trick 1") || !strings.Contains(w, "game over: side") {
		t.Fatalf("watch printed:\n%s", tail(w))
	}
	if out, err = runCmd(ctx, "tables", "--server", ref.addr); err != nil || !strings.Contains(out, table) || !strings.Contains(out, "finished") ||
		!strings.HasSuffix(strings.TrimSpace(out), "  chosen seed") {
		t.Fatalf("tables: %v\n%s", err, out)
	}
	dir := t.TempDir()
	if out, err = runCmd(ctx, "records", "export", "--server", ref.addr, "--out", dir); err != nil || !strings.Contains(out, ": 1\n") {
		t.Fatalf("records export: %v\n%s", err, out)
	}
	path := filepath.Join(dir, table+".json")
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	if out, err = runCmd(ctx, "replay", path); err != nil || !strings.Contains(out, "Checked: the seed and salt match the commitment "+commitment+
		" = SHA-256(salt || seed); dealing chosen seed (the table's creator can know every hand).\n") {
		t.Fatalf("replay of the export: %v\n%s", err, out)
	}
	if out, err = runCmd(ctx, "replay", "--json", path); err != nil || !strings.Contains(out, `"verified": true`) || !strings.Contains(out, `"accepted": true`) {
		t.Fatalf("replay --json of the export: %v\n%s", err, tail(out))
	}
}

// TestBotSaysWhomItWaitsFor plays both remote seats of a table with "bot", seat 0's first: seat
// 0's bot says whom it waits for as it joins (it said nothing until the other joined, so that a
// bot started first, as docs/SECURITY.md's bound seats are, looked hung); seat 1's, which finds
// every seat connected, does not.
func TestBotSaysWhomItWaitsFor(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--option", "target=500", "--seat", "remote:north", "--seat", "remote:south")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\nseat 1 token (\S+)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	table := m[1]
	first := make(chan string, 1)
	go func() {
		out, err := runCmd(ctx, "bot", "--server", ref.addr, "--table", table, "--seat", "0", "--token", m[2], "--bot", "random")
		if err != nil {
			out += "\nerror: " + err.Error()
		}
		first <- out
	}()
	cc, err := grpc.NewClient(ref.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	for { // seat 1's bot starts once seat 0's has joined
		resp, err := pb.NewTableServiceClient(cc).GetTable(ctx, &pb.GetTableRequest{TableId: table})
		if err != nil {
			t.Fatal(err)
		}
		if resp.GetTable().GetSeats()[0].GetConnected() {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	second, err := runCmd(ctx, "bot", "--server", ref.addr, "--table", table, "--seat", "1", "--token", m[3], "--bot", "random")
	if err != nil {
		t.Fatalf("bot --seat 1: %v\n%s", err, second)
	}
	if want := "deal 1 ends: "; !strings.HasPrefix(second, want) {
		t.Errorf("seat 1's bot, which joined last, began with %q, want %q", strings.SplitN(second, "\n", 2)[0], want)
	}
	out = <-first
	if got, want := strings.SplitN(out, "\n", 2)[0], "joined table "+table+" as seat 0; waiting for seat 1 (south) to connect"; got != want {
		t.Errorf("seat 0's bot began with %q, want %q\n%s", got, want, tail(out))
	}
	if strings.Count(out, "waiting for") != 1 || !strings.Contains(out, "game over: ") {
		t.Errorf("seat 0's bot printed:\n%s", tail(out))
	}
}

// TestPlayOnAReferee plays a table's remote seat as a person on a referee (play --server), to the
// checked score sheet, and checks the flags that do not go together.
func TestPlayOnAReferee(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seed", "5", "--option", "target=500", "--seat", "builtin:random", "--seat", "remote:me")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 1 token (\S+)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	var played bytes.Buffer
	o := playOptions{seat: 1, conn: connFlags{server: ref.addr}, table: m[1], token: m[2]}
	if err := runPlay(ctx, o, strings.NewReader(strings.Repeat("1\n", 5000)), &played); err != nil {
		t.Fatalf("play --server: %v\n%s", err, tail(played.String()))
	}
	s := played.String()
	for _, want := range []string{"You are seat 1 of table " + m[1] + " on " + ref.addr + ". Type help for help.\n",
		"your hand (seat 1)", "Game over:", "Checked: the record replays"} {
		if !strings.Contains(s, want) {
			t.Fatalf("play --server output lacks %q:\n%s", want, tail(s))
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--server", ref.addr, "--table", m[1]}, "--server needs --table and --token (or --key for a seat bound to the key's bot)"},
		{[]string{"play", "--table", m[1], "--token", m[2]}, "--table and --token join a table on a referee: give its address with --server (or $BEZIQUE_SERVER)"},
		{[]string{"play", "--server", ref.addr, "--table", m[1], "--token", m[2], "--variant", "rubicon"}, "--variant shapes a new game in this process: with --server, the table already exists"},
	} {
		if _, err := runCmd(ctx, c.args...); err == nil || err.Error() != c.want {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
	}
	// With $BEZIQUE_SERVER, --table joins on that referee, as every command's --server defaults
	// to it (it was refused, "give its address with --server": a host's trial); the game has
	// ended, which only that referee can say.
	t.Setenv(serverEnv, ref.addr)
	if _, err := runCmd(ctx, "play", "--table", m[1], "--token", m[2]); err == nil || !strings.Contains(err.Error(), m[1]) || strings.Contains(err.Error(), "--server") {
		t.Errorf("play --table with $%s: %v; want the referee's refusal of the ended table %s", serverEnv, err, m[1])
	}
	// A built-in bot's seat is refused before anything is said (it said "You are seat 0 …",
	// then the refusal: a docs trial).
	var refused bytes.Buffer
	o.seat = 0
	if err := runPlay(ctx, o, strings.NewReader(""), &refused); status.Code(err) != codes.PermissionDenied || refused.Len() != 0 {
		t.Errorf("play --seat 0, a built-in bot's: %v, printed %q; want PermissionDenied and nothing printed", err, refused.String())
	}
}

// TestCreateFromScenario: create --scenario deals a scenario file's first deal at a table (its
// variant, options, hands, turn-up and stock top; the cards it leaves out below), announced as a
// stacked deal, so that a bot plays from that position (a bot author could only write a gRPC
// client and every card of the stock); --variant beside it and a scenario with totals are refused.
func TestCreateFromScenario(t *testing.T) {
	ctx, ref := testReferee(t, 60*time.Second)
	path := "../../testdata/scenarios/vector-06.json"
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--scenario", path, "--seat", "builtin:rulebook", "--seat", "builtin:random")
	if err != nil || !strings.HasSuffix(out, "dealing stacked (the table's creator chose the first deal)\n") {
		t.Fatalf("create --scenario: %v\n%s", err, out)
	}
	id := strings.TrimPrefix(strings.SplitN(out, "\n", 2)[0], "table ")
	client := pb.NewTableServiceClient(dialed(t, ref.addr))
	var rec *pb.GameRecord
	for deadline := time.Now().Add(30 * time.Second); rec == nil; time.Sleep(20 * time.Millisecond) {
		if resp, err := client.GetRecord(ctx, &pb.GetRecordRequest{TableId: id}); err == nil {
			rec = resp.GetRecord()
		} else if time.Now().After(deadline) {
			t.Fatalf("no record of %s after 30 s: %v", id, err)
		}
	}
	sd := rec.GetStackedDeal()
	hands := []string{strings.Join(sd.GetHands()[0].GetCards(), " "), strings.Join(sd.GetHands()[1].GetCards(), " ")}
	if want := []string{"7Sa QSa JDa AHa ASa 8Da 9Da 8Ca", "9Ha 8Ha 7Ha 8Hb 9Hb 7Db 8Db 9Db"}; !slices.Equal(hands, want) || sd.GetTurnUp() != "KSa" ||
		sd.GetDealer() != 0 || len(sd.GetStock()) != 47 || !slices.Equal(sd.GetStock()[:2], []string{"7Ca", "7Cb"}) {
		t.Errorf("the record's stacked deal: dealer %d, hands %q, turn-up %s, stock %d cards from %v; want the scenario's", sd.GetDealer(), hands, sd.GetTurnUp(), len(sd.GetStock()), sd.GetStock()[:2])
	}
	if _, err := runCmd(ctx, "create", "--server", ref.addr, "--scenario", path, "--variant", "two-handed"); err == nil || err.Error() != "--scenario gives the variant and the options: leave out --variant and --option" {
		t.Errorf("--scenario with --variant: %v", err)
	}
	withTotals := filepath.Join(t.TempDir(), "totals.json")
	if err := os.WriteFile(withTotals, []byte(`{"variant": "two-handed", "totals": [100, 50], "deal": {"hands": ["7Sa", "7Sb"]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := runCmd(ctx, "create", "--server", ref.addr, "--scenario", withTotals); err == nil || err.Error() != "--scenario "+withTotals+": totals [100 50]: a table starts at 0 (bezique check plays a scenario from its totals)" {
		t.Errorf("--scenario with totals: %v", err)
	}
	// Its deal and options are refused as the file names them (stacked_deal and --option before).
	for body, want := range map[string]string{
		`{"variant": "two-handed", "deal": {"hands": ["7Sa", "7Sb"], "turn_up": "9C"}}`:                                                  "deal: stacked deal: seat 0 has 1 cards, want 8",
		`{"variant": "two-handed", "options": {"max_seven_actions_per_trick": "3"}, "deal": {"hands": ["7Sa", "7Sb"], "turn_up": "9C"}}`: "options: option max_seven_actions_per_trick: 3 is more than the 2 sevens of trumps of a 64-card deck (each gives one seven action at most: RULES.md §1.9.5)",
	} {
		bad := filepath.Join(t.TempDir(), "bad.json")
		if err := os.WriteFile(bad, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := runCmd(ctx, "create", "--server", ref.addr, "--scenario", bad); err == nil || err.Error() != "--scenario "+bad+": "+want {
			t.Errorf("--scenario %s: %v; want %q", body, err, want)
		}
	}
}
