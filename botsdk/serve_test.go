package botsdk

import (
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"
)

// TestServeGivesUpOnAnAddressNobodyServes: a bot in serve mode that never reached the referee
// stops after ConnectAttempts tries and names the address.
func TestServeGivesUpOnAnAddressNobodyServes(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody serves addr now
	cfg := ServeConfig{Config: Config{Server: addr, BotName: "nowhere", ConnectAttempts: 3, MaxBackoff: 50 * time.Millisecond,
		Logger: slog.New(slog.DiscardHandler)}, Capacity: 2}
	start := time.Now()
	err = Serve(context.Background(), cfg, func() Bot { return NewRandom(1) })
	if err == nil || !strings.HasPrefix(err.Error(), "botsdk: cannot reach "+addr+" (3 attempts): ") {
		t.Fatalf("Serve = %v; want the error cannot reach %s (3 attempts)", err, addr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("giving up took %v", d)
	}
}
