package service

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/metadata"

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

// TestLobbyKeyReplaced: a bot key revoked while its bot has a game in play, and another key made
// with its name: the new key's bot enters the lobby at once and is listed with the new key, while
// the old game goes on without its bot. It was refused, "in the lobby under another key", until
// every game of the revoked key had ended (an outside trial: 16 s, and its serve mode gave up).
func TestLobbyKeyReplaced(t *testing.T) {
	r := startAuthReferee(t, nil)
	oldID, oldKey := r.newKey(t, "lambda", pb.Role_ROLE_BOT)
	_, org := r.newKey(t, "org", pb.Role_ROLE_ORGANISER)
	lobby := pb.NewLobbyServiceClient(r.cc)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// The old bot serves without playing what it is given: its game stays in play.
	old, err := lobby.Serve(metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+oldKey), &pb.ServeRequest{Capacity: 1})
	if err != nil {
		t.Fatal(err)
	}
	waitPresent(t, r.srv.Referee, "lambda")
	if _, err := lobby.Challenge(as(org), challenge("lambda", "rulebook")); err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	if _, err := r.keys.RevokeKey(as(testAdminKey), &pb.RevokeKeyRequest{KeyId: oldID}); err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := old.Recv(); err != nil {
			break // ended: its key is revoked
		}
	}
	newID, newKey := r.newKey(t, "lambda", pb.Role_ROLE_BOT)
	fresh, err := lobby.Serve(metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+newKey), &pb.ServeRequest{Capacity: 1})
	if err == nil {
		_, err = fresh.Recv() // a ping once it is in, or the refusal
	}
	if err != nil {
		t.Fatalf("Serve with the new key of the name: %v", err)
	}
	if bots := r.srv.Referee.ListBots(); len(bots) != 1 || bots[0].GetKeyId() != newID {
		t.Errorf("ListBots: %v; want lambda with the new key %s", bots, newID)
	}
}

// TestServeNameTrimmed: a bot given its name with a newline (read from a file or a Kubernetes
// Secret, as $BEZIQUE_BOT_NAME) serves and plays under the name without it: the referee refused
// it, "name: control character U+000A at byte 8" (a bot author's trial).
func TestServeNameTrimmed(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cfg := botsdk.ServeConfig{Config: botsdk.Config{Server: "passthrough:///bufnet", BotName: " trimmed\n", DialOptions: r.dialOpt,
		MaxBackoff: 100 * time.Millisecond}, Capacity: 1}
	served := make(chan error, 1)
	go func() { served <- botsdk.Serve(ctx, cfg, func() botsdk.Bot { return botsdk.NewRandom(1) }) }()
	waitPresent(t, r.srv.Referee, "trimmed")
	resp, err := pb.NewLobbyServiceClient(r.cc).Challenge(ctx, challenge("trimmed", "rulebook"))
	if err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	rec := r.record(t, resp.GetTable().GetTableId())
	if got := rec.GetSeats()[0].GetBotName(); got != "trimmed" {
		t.Errorf("the record's seat 0 bot_name %q, want %q", got, "trimmed")
	}
	cancel()
	<-served
}
