package botsdk

import (
	"context"
	"crypto/tls"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPlayWithoutTLSSaysTLS is the regression test of a bot without TLS against a referee that
// serves TLS giving up with grpc-go's words alone, "error reading server preface: EOF", which
// said nothing of TLS (bezique bot without --tls-ca got it): the error says what the closed
// connection may mean.
func TestPlayWithoutTLSSaysTLS(t *testing.T) {
	ca := testpki.NewCA(t, "server CA")
	g := grpc.NewServer(grpc.Creds(credentials.NewTLS(&tls.Config{Certificates: []tls.Certificate{ca.Issue(t, 1, "127.0.0.1").TLS(t)}})))
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = g.Serve(lis) }()
	defer g.Stop()
	addr := lis.Addr().String()
	cfg := Config{Server: addr, TableID: "t-0000000000000000", Token: "x", ConnectAttempts: 2, MaxBackoff: 50 * time.Millisecond,
		Logger: slog.New(slog.DiscardHandler)}
	_, err = Play(context.Background(), cfg, BotFunc(func(context.Context, *pb.DecisionRequest) (uint32, error) { return 1, nil }))
	want := "(" + addr + " closed the connection before answering: if the referee serves TLS, dial with TLS: Config.TLS, bezique's --tls-ca or --tls)"
	if err == nil || !strings.HasPrefix(err.Error(), "botsdk: cannot reach "+addr+" (2 attempts): ") || !strings.HasSuffix(err.Error(), want) {
		t.Fatalf("Play = %v; want the error cannot reach %s (2 attempts) ending %q", err, addr, want)
	}
}
