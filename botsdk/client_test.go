package botsdk

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/h2c"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestRequestDeadline: the earlier of the referee's deadline and receipt plus the time left, so a
// bot whose clock runs ahead or behind the referee's still answers in time.
func TestRequestDeadline(t *testing.T) {
	received := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *timestamppb.Timestamp { return timestamppb.New(received.Add(d)) }
	cases := []struct {
		name string
		req  *pb.DecisionRequest
		want time.Time
	}{
		{"clocks agree", &pb.DecisionRequest{Deadline: at(3 * time.Second), DecisionLeftMs: 2000, BankLeftMs: 1000}, received.Add(3 * time.Second)},
		{"bot clock behind: the deadline looks far", &pb.DecisionRequest{Deadline: at(9 * time.Second), DecisionLeftMs: 2000, BankLeftMs: 1000}, received.Add(3 * time.Second)},
		{"bot clock ahead: the deadline looks near", &pb.DecisionRequest{Deadline: at(time.Second), DecisionLeftMs: 2000, BankLeftMs: 1000}, received.Add(time.Second)},
		{"no deadline stamp", &pb.DecisionRequest{DecisionLeftMs: 500}, received.Add(500 * time.Millisecond)},
		{"no time left stated", &pb.DecisionRequest{Deadline: at(4 * time.Second)}, received.Add(4 * time.Second)},
		{"neither", &pb.DecisionRequest{}, time.Time{}},
	}
	for _, c := range cases {
		if got := RequestDeadline(c.req, received); !got.Equal(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestAnswerBy: the safety margin, at most a quarter of the time from receipt to the deadline: a
// 300 ms clock left a bot 100 ms of it with the 200 ms margin (a new bot author's trial).
func TestAnswerBy(t *testing.T) {
	received := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct{ left, want time.Duration }{
		{time.Second, 800 * time.Millisecond},
		{300 * time.Millisecond, 225 * time.Millisecond},
		{-time.Second, -time.Second}, // already past: no margin
	} {
		if got := AnswerBy(received.Add(c.left), received, 200*time.Millisecond).Sub(received); got != c.want {
			t.Errorf("%v left: answer by %v after receipt, want %v", c.left, got, c.want)
		}
	}
}

// TestPlayGivesUpOnAnAddressNobodyServes: a bot that never reached the referee stops after
// ConnectAttempts tries and names the address, instead of retrying forever.
func TestPlayGivesUpOnAnAddressNobodyServes(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody serves addr now
	cfg := Config{Server: addr, TableID: "t-0000000000000000", Token: "x", ConnectAttempts: 3, MaxBackoff: 50 * time.Millisecond,
		Logger: slog.New(slog.DiscardHandler)}
	start := time.Now()
	res, err := Play(context.Background(), cfg, BotFunc(func(context.Context, *pb.DecisionRequest) (uint32, error) { return 1, nil }))
	if res != nil || err == nil || !strings.HasPrefix(err.Error(), "botsdk: cannot reach "+addr+" (3 attempts): ") {
		t.Fatalf("Play = %v, %v; want the error cannot reach %s (3 attempts)", res, err, addr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("giving up took %v", d)
	}
}

// TestPlayRefusesAWebURL: a referee's address given as "http://host:port" is refused at once,
// saying why; grpc-go took the scheme for a resolver's, and Play gave up after its attempts with
// "Name resolution failed for target dns:http://…" (a bot author's trial). gRPC's own targets
// pass.
func TestPlayRefusesAWebURL(t *testing.T) {
	for _, server := range []string{"http://127.0.0.1:7777", " HTTPS://referee.example:443\n"} {
		cfg := Config{Server: server, TableID: "t-0000000000000000", Token: "x", Logger: slog.New(slog.DiscardHandler)}
		res, err := Play(context.Background(), cfg, BotFunc(func(context.Context, *pb.DecisionRequest) (uint32, error) { return 1, nil }))
		want := fmt.Sprintf("botsdk: server %q: want host:port without http:// or https:// (gRPC dials host:port; https is TLS, set on its own)", strings.TrimSpace(server))
		if res != nil || err == nil || err.Error() != want {
			t.Errorf("Play at %q = %v, %v; want %s", server, res, err, want)
		}
	}
	// A host without its port was dialled at 443 and reported only as "cannot reach" (a bot author's trial).
	for _, server := range []string{"127.0.0.1", "referee.example", "[::1]"} {
		want := fmt.Sprintf("server %q: no port: want host:port, the referee's gRPC port (bezique-referee --listen, 7777 by default)", server)
		if err := CheckServer(server); err == nil || err.Error() != want {
			t.Errorf("CheckServer(%q) = %v, want %s", server, err, want)
		}
	}
	for _, server := range []string{"127.0.0.1:7777", "dns:///referee.example:7777", "unix:///tmp/bezique.sock", "[::1]:7777", "passthrough:///bufnet"} {
		if err := CheckServer(server); err != nil {
			t.Errorf("CheckServer(%q) = %v, want nil", server, err)
		}
	}
}

// TestKeyCredentials: the key goes as a bearer authorization header, also on plaintext
// connections (RequireTransportSecurity false, or grpc-go would refuse the dial).
func TestKeyCredentials(t *testing.T) {
	c := KeyCredentials("bzq_abc")
	md, err := c.GetRequestMetadata(context.Background())
	if err != nil || len(md) != 1 || md["authorization"] != "Bearer bzq_abc" {
		t.Errorf("GetRequestMetadata = %v, %v; want authorization: Bearer bzq_abc", md, err)
	}
	if c.RequireTransportSecurity() {
		t.Error("RequireTransportSecurity = true, want false")
	}
}

// TestPlayAgainstAGarbageReferee: a "referee" that answers a seat stream with bytes that are not
// a ConnectResponse (a length past the end, a truncated varint, a field number past 2^29-1
// inside a group) makes Play return an error, not panic, after its ConnectAttempts.
func TestPlayAgainstAGarbageReferee(t *testing.T) {
	for name, garbage := range map[string]string{
		"past the end":     "\x0a\xff\xff\x01",
		"truncated varint": "\x08\x80\x80",
		"unclosed group":   "\x0b\x08\x01",
		"4 GiB length":     "\x1a\xff\xff\xff\xff\x0f",
	} {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		g := grpc.NewServer(grpc.ForceServerCodecV2(rawBytes{}), grpc.UnknownServiceHandler(func(_ any, s grpc.ServerStream) error {
			var join []byte
			if err := s.RecvMsg(&join); err != nil {
				return err
			}
			return s.SendMsg([]byte(garbage))
		}))
		go func() { _ = g.Serve(lis) }()
		cfg := Config{Server: lis.Addr().String(), TableID: "t-0000000000000000", Token: "x", ConnectAttempts: 2, MaxBackoff: 50 * time.Millisecond,
			Logger: slog.New(slog.DiscardHandler)}
		start := time.Now()
		res, err := Play(context.Background(), cfg, NewRandom(1))
		g.Stop()
		if res != nil || status.Code(errors.Unwrap(err)) != codes.Internal || !strings.Contains(err.Error(), "unmarshal") {
			t.Errorf("%s: Play = %v, %v; want an error of INTERNAL failed to unmarshal", name, res, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: giving up took %v", name, d)
		}
	}
}

// rawBytes is a gRPC codec that sends a []byte as the message as it is and receives the
// message's bytes into a *[]byte: a referee that writes anything at all.
type rawBytes struct{}

func (rawBytes) Name() string { return "proto" }

func (rawBytes) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(v.([]byte))}, nil
}

func (rawBytes) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

// TestPlayBacksOffFromAServerThatDropsEachConnection: a server on the referee's address that
// completes each HTTP/2 connection and drops it after one answer (503, Connection: close) gets
// Play's back-off, not a loop: the wait before a reconnection ended on every connection made,
// and a re-trial's bot tried such a server a thousand times a second (40 % of a core).
func TestPlayBacksOffFromAServerThatDropsEachConnection(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	srv := &http.Server{Handler: h2c.NewHandler(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		w.Header().Set("Connection", "close")
		w.WriteHeader(http.StatusServiceUnavailable)
	}), &http2.Server{})}
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(func() { _ = srv.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	cfg := Config{Server: lis.Addr().String(), TableID: "t-0000000000000000", Token: "x", ConnectAttempts: 1000, MaxBackoff: time.Second,
		Logger: slog.New(slog.DiscardHandler)}
	_, _ = Play(ctx, cfg, NewRandom(1))
	// 0.1, 0.2, 0.4, 0.8, then 1 s apart: 7 streams in 3 s, and one more for a wait ended early.
	if n := calls.Load(); n < 3 || n > 12 {
		t.Errorf("%d streams in 3 s; want the back-off's 7 or so", n)
	}
}
