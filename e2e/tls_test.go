package e2e

import (
	"context"
	"crypto/tls"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPolyglotMTLS plays a four-handed game on the real referee with TLS, client certificates
// (mTLS) from a CA made by the test, and API keys: a Go bot, a Python bot and a Node bot, each in
// its own process, each trusting the CA by file, presenting its own certificate and joining with
// its bot key (a seat bound to the key, no token); the record must replay, with each seat's bot
// name taken from its key. A plaintext client and a client without a key are refused.
func TestPolyglotMTLS(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	gobot := build(t, dir, "./e2e/testdata/gobot", "gobot")
	serverCA, clientCA := testpki.NewCA(t, "server CA"), testpki.NewCA(t, "client CA")
	certFile, keyFile := serverCA.Issue(t, 10, "127.0.0.1").Write(t, dir, "server")
	caFile := serverCA.WriteCA(t, dir, "server-ca.crt")
	const adminKey = "bzq_e2e-admin-key-0123456789abcdef"
	adminKeyFile := filepath.Join(dir, "admin.key")
	if err := os.WriteFile(adminKeyFile, []byte(adminKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	withCert := credentials.NewTLS(&tls.Config{RootCAs: serverCA.Pool(), Certificates: []tls.Certificate{clientCA.Issue(t, 11).TLS(t)}})
	addr, tables := startRefereeWith(t, referee, withCert,
		"--tls-cert", certFile, "--tls-key", keyFile, "--tls-client-ca", clientCA.WriteCA(t, dir, "client-ca.crt"), "--admin-key-file", adminKeyFile)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := tables.ListTables(ctx, &pb.ListTablesRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("ListTables over mTLS without a key: %v, want Unauthenticated", err)
	}
	plain := grpcConn(t, addr, insecure.NewCredentials())
	if _, err := pb.NewTableServiceClient(plain).ListTables(metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+adminKey),
		&pb.ListTablesRequest{}); status.Code(err) != codes.Unavailable {
		t.Errorf("ListTables in plaintext with the admin key: %v, want Unavailable (no TLS handshake)", err)
	}

	admin := grpcConn(t, addr, withCert, grpc.WithPerRPCCredentials(botsdk.KeyCredentials(adminKey)))
	adminTables, keys := pb.NewTableServiceClient(admin), pb.NewKeyServiceClient(admin)
	botKeys := map[string]*pb.CreateKeyResponse{}
	seats := []*pb.SeatConfig{}
	for _, name := range []string{"go", "python", "node"} {
		k, err := keys.CreateKey(ctx, &pb.CreateKeyRequest{Name: name + "-bot", Role: pb.Role_ROLE_BOT, Owner: "e2e"})
		if err != nil {
			t.Fatalf("CreateKey(%s-bot): %v", name, err)
		}
		botKeys[name] = k
		seats = append(seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: name, BotKeyId: k.GetKey().GetKeyId()}}})
	}
	resp, err := adminTables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seed: seed32(43),
		Seats: append(seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}})})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	args := func(name string, seat int, serial int64) []string {
		c, k := clientCA.Issue(t, serial).Write(t, dir, name)
		return []string{"--server", addr, "--table", id, "--seat", fmt.Sprint(seat), "--key", botKeys[name].GetSecret(),
			"--tls-ca", caFile, "--tls-cert", c, "--tls-key", k}
	}
	bots := []*bot{
		startBot(t, "go", append([]string{gobot}, args("go", 0, 12)...)...),
		startBot(t, "python", append([]string{python, "-m", "bezique_bot.examples.random_bot", "--seed", "1"}, args("python", 1, 13)...)...),
		startBot(t, "node", append([]string{"node", "botsdk/node/examples/random.js", "--seed", "2"}, args("node", 2, 14)...)...),
	}
	waitBots(t, 3*time.Minute, bots...)
	rec := replayVerified(t, adminTables, id)
	for seat, name := range map[int]string{0: "go-bot", 1: "python-bot", 2: "node-bot"} {
		if got := rec.GetSeats()[seat].GetBotName(); got != name {
			t.Errorf("seat %d played by %q, want %q (its key's name)", seat, got, name)
		}
	}
	t.Logf("four-handed over mTLS with keys: %d deals, %d actions, totals %v", rec.GetResult().GetDeals(), len(rec.GetActions()), rec.GetResult().GetScores())
}

// grpcConn dials addr with creds and opts, closed at the test's end.
func grpcConn(t *testing.T, addr string, creds credentials.TransportCredentials, opts ...grpc.DialOption) *grpc.ClientConn {
	t.Helper()
	cc, err := grpc.NewClient(addr, append(opts, grpc.WithTransportCredentials(creds))...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return cc
}

// TestBotsConfiguredByEnvironment: a bot of each SDK given nothing but the environment an
// operator gives it (BEZIQUE_SERVER, BEZIQUE_KEY, BEZIQUE_TLS_CA) plays on a real referee that
// serves TLS with a private CA and requires keys: the Go, Python and Node single-seat examples
// with --table and --seat alone (no token: the seats are bound to their keys), and the three
// serve examples with no flag at all, each challenged in the lobby under its key's name. Before,
// only the bezique command read $BEZIQUE_TLS_CA: the examples dialled in plaintext and never
// reached the referee, and botsdk.Main took no key.
func TestBotsConfiguredByEnvironment(t *testing.T) {
	t.Parallel()
	needPython(t)
	needNode(t)
	dir := t.TempDir()
	r := startTLSKeysReferee(t, dir)
	firstlegal := build(t, dir, "./botsdk/examples/firstlegal", "firstlegal")
	goServe := build(t, dir, "./botsdk/examples/serve", "goserve")
	tables, lobby := r.tables, r.lobby
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	env := func(name string) ([]string, string) { return r.env(ctx, t, name) }
	serveEnv := func(name string) []string { e, _ := env(name); return e }

	var seatEnv [][]string
	var seats []*pb.SeatConfig
	for i, name := range []string{"go-seat", "python-seat", "node-seat"} {
		e, keyID := env(name)
		seatEnv = append(seatEnv, e)
		seats = append(seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: fmt.Sprint("seat", i), BotKeyId: keyID}}})
	}
	resp, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_FOUR_HANDED, Seed: seed32(44), Options: map[string]string{"target": "500"},
		Seats: append(seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}})})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	id := resp.GetTableId()
	waitBots(t, 3*time.Minute,
		startBotEnv(t, "go", seatEnv[0], firstlegal, "--table", id, "--seat", "0"),
		startBotEnv(t, "python", seatEnv[1], python, "-m", "bezique_bot.examples.random_bot", "--table", id, "--seat", "1"),
		startBotEnv(t, "node", seatEnv[2], "node", "botsdk/node/examples/random.js", "--table", id, "--seat", "2"))
	rec := replayVerified(t, tables, id)
	for seat, name := range []string{"go-seat", "python-seat", "node-seat"} {
		if got := rec.GetSeats()[seat].GetBotName(); got != name {
			t.Errorf("seat %d played by %q, want %q (its key's name)", seat, got, name)
		}
	}

	bots := map[string]*bot{
		"go-serve":     startBotEnv(t, "go-serve", serveEnv("go-serve"), goServe),
		"python-serve": startBotEnv(t, "python-serve", serveEnv("python-serve"), python, "-m", "bezique_bot.examples.serve_bot"),
		"node-serve":   startBotEnv(t, "node-serve", serveEnv("node-serve"), "node", "botsdk/node/examples/serve.js"),
	}
	waitLobby(ctx, t, lobby, bots, "go-serve", "python-serve", "node-serve")
	for name, b := range bots {
		resp, err := lobby.Challenge(ctx, &pb.ChallengeRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: map[string]string{"target": "500"},
			Seats: []*pb.ChallengeSeat{{Kind: &pb.ChallengeSeat_Lobby{Lobby: name}}, {Kind: &pb.ChallengeSeat_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
		if err != nil {
			t.Fatalf("Challenge %s: %v", name, err)
		}
		id := resp.GetTable().GetTableId()
		replayVerified(t, tables, id)
		want := "table " + id + " seat 0: game over: "
		for !strings.Contains(b.out.String(), want) {
			if ctx.Err() != nil {
				t.Fatalf("%s did not report %q:\n%s", name, want, b.out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// tlsKeysReferee is a referee binary serving TLS with a private CA and requiring API keys, with
// the admin's clients.
type tlsKeysReferee struct {
	addr, caFile string
	tables       pb.TableServiceClient
	keys         pb.KeyServiceClient
	lobby        pb.LobbyServiceClient
}

// startTLSKeysReferee builds and starts a tlsKeysReferee, its files in dir.
func startTLSKeysReferee(t *testing.T, dir string) *tlsKeysReferee {
	t.Helper()
	referee := build(t, dir, "./cmd/bezique-referee", "bezique-referee")
	ca := testpki.NewCA(t, "private CA")
	certFile, keyFile := ca.Issue(t, 20, "127.0.0.1").Write(t, dir, "server")
	const adminKey = "bzq_e2e-admin-key-0123456789abcdef"
	adminKeyFile := filepath.Join(dir, "admin.key")
	if err := os.WriteFile(adminKeyFile, []byte(adminKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	withCA := credentials.NewTLS(&tls.Config{RootCAs: ca.Pool()})
	addr, _ := startRefereeWith(t, referee, withCA, "--tls-cert", certFile, "--tls-key", keyFile, "--admin-key-file", adminKeyFile)
	admin := grpcConn(t, addr, withCA, grpc.WithPerRPCCredentials(botsdk.KeyCredentials(adminKey)))
	return &tlsKeysReferee{addr: addr, caFile: ca.WriteCA(t, dir, "ca.crt"),
		tables: pb.NewTableServiceClient(admin), keys: pb.NewKeyServiceClient(admin), lobby: pb.NewLobbyServiceClient(admin)}
}

// env returns the environment an operator gives a bot of a new key named name (role bot): the
// referee's address, the key and the CA; and the key's id.
func (r *tlsKeysReferee) env(ctx context.Context, t *testing.T, name string) ([]string, string) {
	t.Helper()
	k, err := r.keys.CreateKey(ctx, &pb.CreateKeyRequest{Name: name, Role: pb.Role_ROLE_BOT, Owner: "e2e"})
	if err != nil {
		t.Fatalf("CreateKey(%s): %v", name, err)
	}
	return []string{"BEZIQUE_SERVER=" + r.addr, "BEZIQUE_KEY=" + k.GetSecret(), "BEZIQUE_TLS_CA=" + r.caFile, "BEZIQUE_BOT_NAME="}, k.GetKey().GetKeyId()
}
