package service

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestClientDeadlineSaid: a unary call whose own deadline passes (Connect-Timeout-Ms; here a
// Challenge waiting for a lobby bot at its capacity) is answered DEADLINE_EXCEEDED saying whose
// deadline passed and that a create may have done its work, not Go's "context deadline
// exceeded" (an outside trial).
func TestClientDeadlineSaid(t *testing.T) {
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	base := serveAppOf(t, srv, srv.BoundCalls())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: strings.TrimPrefix(base, "http://"), BotName: "full",
		DialOptions: []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}, MaxBackoff: 100 * time.Millisecond}, Capacity: 1}
	served := make(chan error, 1)
	go func() {
		served <- botsdk.Serve(ctx, cfg, func() botsdk.Bot {
			return botsdk.BotFunc(func(ctx context.Context, _ *pb.DecisionRequest) (uint32, error) { <-ctx.Done(); return 0, ctx.Err() })
		})
	}()
	defer func() { cancel(); <-served }()
	waitPresent(t, srv.Referee, "full")
	const challenge = `{"variant":"VARIANT_TWO_HANDED","seats":[{"lobby":"full"},{"builtin":{"bot":"random"}}]}`
	if code, _, body := connectPost(t, base+"/bezique.v1.LobbyService/Challenge", "application/json", challenge); code != http.StatusOK {
		t.Fatalf("the first Challenge: %d %s", code, body) // its game holds the bot's one place
	}
	code, _, body := connectPost(t, base+"/bezique.v1.LobbyService/Challenge", "application/json", challenge, "Connect-Timeout-Ms", "300")
	if want := `{"code":"deadline_exceeded","message":"waiting for lobby bot \"full\": ` + clientDeadline + `"}`; code != http.StatusGatewayTimeout || body != want {
		t.Errorf("a Challenge past its deadline: %d %s\nwant 504 %s", code, body, want)
	}
}
