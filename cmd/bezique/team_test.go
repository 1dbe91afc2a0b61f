package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestConsultationCommands plays a consultation game (RULES.md §3.5) through the commands: create
// two team seats of two, run four "bot --member" processes' commands; each captain prints exactly
// the proposals its own team mate sent (the record's team messages of its seat), the other
// members print none, and the exported record replays.
func TestConsultationCommands(t *testing.T) {
	ctx, ref := testReferee(t, 90*time.Second)
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seed", "3", "--option", "target=500",
		"--seat", "team:2:north", "--seat", "team:2:south", "--decision-ms", "5000")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\nseat 1 token (\S+)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	table, tokens := m[1], m[2:]
	outs := make([]chan string, 4)
	for i := range outs {
		outs[i] = make(chan string, 1)
		go func() {
			out, err := runCmd(ctx, "bot", "--server", ref.addr, "--table", table, "--seat", fmt.Sprint(i/2), "--member", fmt.Sprint(i%2),
				"--token", tokens[i/2], "--bot", "random")
			if err != nil {
				out += "\nerror: " + err.Error()
			}
			outs[i] <- out
		}()
	}
	printed := make([]int, 4)
	for i, ch := range outs {
		out := <-ch
		if !strings.Contains(out, "game over") {
			t.Fatalf("bot seat %d member %d:\n%s", i/2, i%2, tail(out))
		}
		printed[i] = strings.Count(out, "team: member 1 proposes action ")
		if n := strings.Count(out, "team: "); n != printed[i] {
			t.Errorf("bot seat %d member %d printed %d team lines, %d of them member 1's proposals", i/2, i%2, n, printed[i])
		}
	}
	dir := t.TempDir()
	if out, err = runCmd(ctx, "records", "export", "--server", ref.addr, "--out", dir); err != nil {
		t.Fatalf("records export: %v\n%s", err, out)
	}
	path := filepath.Join(dir, table+".json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec := &pb.GameRecord{}
	if err := protojson.Unmarshal(b, rec); err != nil {
		t.Fatal(err)
	}
	perSeat := make([]int, 2)
	for _, tm := range rec.GetTeamMessages() {
		perSeat[tm.GetSeat()]++
	}
	if want := []int{perSeat[0], 0, perSeat[1], 0}; perSeat[0] == 0 || fmt.Sprint(printed) != fmt.Sprint(want) {
		t.Fatalf("team lines printed per bot %v, want %v (the record's team messages per seat, to the captains only)", printed, want)
	}
	if out, err = runCmd(ctx, "replay", "--json", path); err != nil || !strings.Contains(out, `"verified": true`) {
		t.Fatalf("replay --json: %v\n%s", err, tail(out))
	}
}

// TestTeamPolicyWithoutTeam: --team-policy with no team seat is refused naming the flag, before
// any call (it was sent and ignored in silence), by challenge and by create alike.
func TestTeamPolicyWithoutTeam(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"challenge", "--seat", "lobby:py", "--seat", "builtin:random", "--team-policy", "first-answer"},
			"--team-policy first-answer: no --seat is a team (team:A+B); the policy says whose answer counts at a team seat"},
		{[]string{"create", "--seat", "remote:me", "--seat", "builtin:random", "--team-policy", "captain"},
			"--team-policy captain: no --seat is a team (team:SIZE:NAME); the policy says whose answer counts at a team seat"},
		{[]string{"create", "--team-policy", "first-answer"},
			"--team-policy first-answer: no --seat is a team (team:SIZE:NAME); the policy says whose answer counts at a team seat"},
	} {
		// 127.0.0.1:1 listens to nothing: the refusal comes before any dial.
		out, err := runCmd(context.Background(), append(c.args, "--server", "127.0.0.1:1")...)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %q\n%s", c.args, err, c.want, out)
		}
	}
}
