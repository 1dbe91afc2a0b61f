package service

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestServeUnknownKeyRefused: a bot in serve mode whose key the referee does not know (a typo) or
// has revoked stops at the referee's first answer, UNAUTHENTICATED, as for the other refusals
// (it said "cannot reach" the referee that had answered, and tried again ConnectAttempts times;
// after a first message, a key revoked while serving, it would have tried forever).
func TestServeUnknownKeyRefused(t *testing.T) {
	r := startAuthReferee(t, nil)
	keyID, key := r.newKey(t, "revoked-bot", pb.Role_ROLE_BOT)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	serve := func(key string) error {
		cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: "passthrough:///bufnet", Key: key, DialOptions: r.dial,
			MaxBackoff: 100 * time.Millisecond, ConnectAttempts: 50}, Capacity: 1}
		return botsdk.Serve(ctx, cfg, func() botsdk.Bot { return botsdk.NewRandom(1) })
	}
	start := time.Now()
	err := serve("bzq_not-a-key-of-this-referee-0123456789abcdef")
	if err == nil || err.Error() != "botsdk: serving in the lobby: rpc error: code = Unauthenticated desc = unknown API key" {
		t.Fatalf("Serve with an unknown key = %v; want the referee's UNAUTHENTICATED at once", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("giving up took %v: it tried again", d)
	}

	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: keyID}); err != nil {
		t.Fatal(err)
	}
	if err := serve(key); err == nil || !strings.HasPrefix(err.Error(), "botsdk: serving in the lobby: rpc error: code = Unauthenticated desc = API key "+keyID+" was revoked at ") {
		t.Fatalf("Serve with a revoked key = %v; want the referee's UNAUTHENTICATED", err)
	}
}
