package botsdk_test

import (
	"context"
	"crypto/tls"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// TestEnvConfigPlaysOverTLS: a bot given only its environment ($BEZIQUE_SERVER, $BEZIQUE_TLS_CA,
// $BEZIQUE_BOT_NAME) plays a whole game on a real referee serving TLS with a private CA; the
// record names the bot as the variable does. An empty $BEZIQUE_TLS_CA is plaintext, as `bezique
// match --cmd` gives its bot programs, and a CA file that cannot be read is named with the
// variable.
func TestEnvConfigPlaysOverTLS(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	srv, err := service.New(ctx, service.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ca := testpki.NewCA(t, "private CA")
	port, err := service.NewPort(lis, service.PortConfig{TLS: &tls.Config{Certificates: []tls.Certificate{ca.Issue(t, 1, "127.0.0.1").TLS(t)}},
		MaxConnectionIdle: service.DefaultMaxConnectionIdle}, srv.Register, service.ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	defer port.Stop(time.Second)
	dir := t.TempDir()
	t.Setenv("BEZIQUE_SERVER", lis.Addr().String())
	t.Setenv("BEZIQUE_TLS_CA", ca.WriteCA(t, dir, "ca.crt"))
	t.Setenv("BEZIQUE_KEY", "")
	t.Setenv("BEZIQUE_BOT_NAME", "env-bot")

	cfg, err := botsdk.EnvConfig()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server != lis.Addr().String() || cfg.Key != "" || cfg.BotName != "env-bot" || cfg.TLS == nil {
		t.Fatalf("EnvConfig() = server %q, key %q, name %q, TLS %v; want the environment's, with TLS", cfg.Server, cfg.Key, cfg.BotName, cfg.TLS)
	}
	cc, err := grpc.NewClient(cfg.Server, grpc.WithTransportCredentials(credentials.NewTLS(cfg.TLS)))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	tables := pb.NewTableServiceClient(cc)
	created, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: map[string]string{"target": "300"},
		Seats: []*pb.SeatConfig{
			{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "env"}}},
			{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil {
		t.Fatalf("CreateTable over TLS with the CA of $BEZIQUE_TLS_CA: %v", err)
	}
	cfg.TableID, cfg.Seat, cfg.Token, cfg.Logger = created.GetTableId(), 0, created.GetSeatTokens()[0].GetToken(), slog.New(slog.DiscardHandler)
	res, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
	if err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
		t.Fatalf("Play over TLS = %v, %v; want a completed game", res, err)
	}
	rec, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: cfg.TableID})
	if err != nil || rec.GetRecord().GetSeats()[0].GetBotName() != "env-bot" {
		t.Fatalf("GetRecord: seat 0 played by %q (%v), want env-bot", rec.GetRecord().GetSeats()[0].GetBotName(), err)
	}

	t.Setenv("BEZIQUE_TLS_CA", "")
	t.Setenv("BEZIQUE_SERVER", "")
	if cfg, err := botsdk.EnvConfig(); err != nil || cfg.TLS != nil || cfg.Server != "127.0.0.1:7777" {
		t.Errorf("EnvConfig() with empty variables = server %q, TLS %v, %v; want 127.0.0.1:7777 in plaintext", cfg.Server, cfg.TLS, err)
	}
	absent := filepath.Join(dir, "absent.crt")
	t.Setenv("BEZIQUE_TLS_CA", absent)
	want := "$BEZIQUE_TLS_CA: botsdk: CA file: open " + absent + ": no such file or directory"
	if _, err := botsdk.EnvConfig(); err == nil || err.Error() != want {
		t.Errorf("EnvConfig() with an absent CA file: %v, want %q", err, want)
	}
}

// TestEnvKeyWithWhitespace: a $BEZIQUE_KEY that ends with a newline (a key file or a Kubernetes
// Secret read into the environment) or is padded with spaces authenticates on a real referee as
// the key itself: KeyCredentials sends it without that whitespace. Before, grpc-go refused to send
// the newline (Internal: non-printable ASCII characters), and the referee refused the spaces as
// an unknown API key, each of them spending one of the address's refused keys.
func TestEnvKeyWithWhitespace(t *testing.T) {
	const admin = "bzq_env-admin-key-0123456789abcdef"
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv, err := service.New(ctx, service.Config{Logger: slog.New(slog.DiscardHandler), Auth: &service.Auth{AdminKey: admin}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port, err := service.NewPort(lis, service.PortConfig{}, srv.Register, append(service.ServerOptions(nil), srv.AuthOptions()...)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	defer port.Stop(time.Second)
	t.Setenv("BEZIQUE_SERVER", lis.Addr().String())
	t.Setenv("BEZIQUE_TLS_CA", "")
	for _, key := range []string{admin + "\n", admin + "\r\n", " " + admin + " ", "\t" + admin} {
		t.Setenv("BEZIQUE_KEY", key)
		cfg, err := botsdk.EnvConfig()
		if err != nil {
			t.Fatal(err)
		}
		cc, err := grpc.NewClient(cfg.Server, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithPerRPCCredentials(botsdk.KeyCredentials(cfg.Key)))
		if err != nil {
			t.Fatal(err)
		}
		_, err = pb.NewKeyServiceClient(cc).ListKeys(ctx, &pb.ListKeysRequest{})
		cc.Close()
		if err != nil {
			t.Errorf("ListKeys with $BEZIQUE_KEY %q: %v; want the admin's answer", key, err)
		}
	}
}

// TestEnvServerWithWhitespace: a $BEZIQUE_SERVER that ends with a newline (a file or a Kubernetes
// Secret read into the environment) or is padded with spaces is the address itself: Play and
// Serve dial it without that whitespace, and a bot plays its game (here through Play) on a real
// referee. Before, grpc-go refused the newline ("invalid control character in URL") and resolved
// the spaces to no address ("produced zero addresses").
func TestEnvServerWithWhitespace(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	srv, err := service.New(ctx, service.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port, err := service.NewPort(lis, service.PortConfig{}, srv.Register, service.ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	defer port.Stop(time.Second)
	cc, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	tables := pb.NewTableServiceClient(cc)
	t.Setenv("BEZIQUE_KEY", "")
	t.Setenv("BEZIQUE_TLS_CA", "")
	for _, server := range []string{lis.Addr().String() + "\n", lis.Addr().String() + "\r\n", " " + lis.Addr().String() + " ", "\t" + lis.Addr().String()} {
		t.Setenv("BEZIQUE_SERVER", server)
		cfg, err := botsdk.EnvConfig()
		if err != nil {
			t.Fatal(err)
		}
		created, err := tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Options: map[string]string{"target": "300"},
			Seats: []*pb.SeatConfig{
				{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "env"}}},
				{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		cfg.TableID, cfg.Token, cfg.Logger, cfg.ConnectAttempts = created.GetTableId(), created.GetSeatTokens()[0].GetToken(), slog.New(slog.DiscardHandler), 1
		if res, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1)); err != nil || res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Errorf("Play with $BEZIQUE_SERVER %q = %v, %v; want a completed game", server, res, err)
		}
	}
}
