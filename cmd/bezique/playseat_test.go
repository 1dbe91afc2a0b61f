package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestPlayANegativeSeat is the regression test of play --server --seat -1: the seat went to the
// referee as 4294967295, and the person read "join.seat: 4294967295 is not a seat of this
// two-handed table (0..1)", a number never typed. It is refused before the call, naming -1.
func TestPlayANegativeSeat(t *testing.T) {
	ctx, ref := testReferee(t, 30*time.Second)
	out, err := runCmd(ctx, "create", "--server", ref.addr, "--seat", "remote:a", "--seat", "remote:b")
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	var played bytes.Buffer
	o := playOptions{seat: -1, conn: connFlags{server: ref.addr}, table: m[1], token: m[2]}
	err = runPlay(ctx, o, strings.NewReader("1\n"), &played)
	if want := "botsdk: seat -1 of table " + m[1] + ": seats are numbered from 0"; err == nil || err.Error() != want {
		t.Fatalf("play --server --seat -1: %v; want %q", err, want)
	}
}
