package e2e

import (
	"context"
	"crypto/tls"
	"testing"
	"time"

	"google.golang.org/grpc/credentials"

	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPolyglotMTLS plays a four-handed game on the real referee with TLS and client certificates
// (mTLS), from a CA made by the test: a Go bot, a Python bot and a Node bot, each in its own
// process, each trusting the CA by file and presenting its own certificate; the record must replay.
func TestPolyglotMTLS(t *testing.T) {
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	gobot := build(t, dir, "./e2e/testdata/gobot", "gobot")
	serverCA, clientCA := testpki.NewCA(t, "server CA"), testpki.NewCA(t, "client CA")
	certFile, keyFile := serverCA.Issue(t, 10, "127.0.0.1").Write(t, dir, "server")
	caFile := serverCA.WriteCA(t, dir, "server-ca.crt")
	admin := clientCA.Issue(t, 11)
	addr, tables := startRefereeWith(t, referee,
		credentials.NewTLS(&tls.Config{RootCAs: serverCA.Pool(), Certificates: []tls.Certificate{admin.TLS(t)}}),
		"--tls-cert", certFile, "--tls-key", keyFile, "--tls-client-ca", clientCA.WriteCA(t, dir, "client-ca.crt"))

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seed: seed32(43),
		Seats: []*pb.SeatConfig{remote("go"), remote("python"), remote("node"),
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	tlsArgs := func(name string, serial int64) []string {
		c, k := clientCA.Issue(t, serial).Write(t, dir, name)
		return []string{"--tls-ca", caFile, "--tls-cert", c, "--tls-key", k}
	}
	bots := []*bot{
		startBot(t, "go", append(append([]string{gobot}, seatArgs(addr, id, 0, tokenOf(resp, 0))...), tlsArgs("go", 12)...)...),
		startBot(t, "python", append(append([]string{python, "-m", "bezique_bot.examples.random_bot", "--seed", "1"},
			seatArgs(addr, id, 1, tokenOf(resp, 1))...), tlsArgs("python", 13)...)...),
		startBot(t, "node", append(append([]string{"node", "botsdk/node/examples/random.js", "--seed", "2"},
			seatArgs(addr, id, 2, tokenOf(resp, 2))...), tlsArgs("node", 14)...)...),
	}
	waitBots(t, 3*time.Minute, bots...)
	rec := replayVerified(t, tables, id)
	for seat, name := range map[int]string{0: "go-random", 1: "python-random_bot", 2: "node-random"} {
		if got := rec.GetSeats()[seat].GetBotName(); got != name {
			t.Errorf("seat %d played by %q, want %q", seat, got, name)
		}
	}
	t.Logf("four-handed over mTLS: %d deals, %d actions, totals %v", rec.GetResult().GetDeals(), len(rec.GetActions()), rec.GetResult().GetScores())
}
