package service

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestGoBotSendsNoPings: a Go bot (botsdk.Play, which dials with botsdk.WindowOptions) plays a
// whole game against the built-in random bot and sends the referee no HTTP/2 PING. With grpc-go's
// dynamic windows it sent one for nearly every burst of messages it received (its
// bandwidth-delay-product estimation), each costing the referee a read and a write.
func TestGoBotSendsNoPings(t *testing.T) {
	r := startReferee(t, nil, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := r.tables.CreateTable(ctx, soloTable(nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var sent bytes.Buffer // what the bot's connection wrote, from the client preface on
	cfg := r.botConfig(resp.GetTableId(), 0, tokenOf(resp, 0))
	cfg.DialOptions = []grpc.DialOption{
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) {
			c, err := r.lis.DialContext(ctx)
			return &teeConn{Conn: c, mu: &mu, to: &sent}, err
		}),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
	}
	result, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
	if err != nil {
		t.Fatal(err)
	}
	frames, pings := clientPings(t, &mu, &sent)
	if pings != 0 || len(result.GetScores()) != 2 {
		t.Fatalf("the bot sent %d PINGs in %d frames over a game (scores %v); want 0", pings, frames, result.GetScores())
	}
}

// TestForwardedSeatSendsNoPings: a Go bot plays a whole game through referee B, which forwards
// its stream to A, the table's owner; B's connection to A (dialled with peerStreamWindow and
// peerConnWindow) sends A no HTTP/2 PING. With grpc-go's dynamic windows it sent one for nearly
// every burst of the seat's messages, as a bot did (TestGoBotSendsNoPings).
func TestForwardedSeatSendsNoPings(t *testing.T) {
	u, _ := sharedSchema(t)
	var mu sync.Mutex
	var sent bytes.Buffer // what B's connections to A wrote
	a := startPeer(t, u, nil)
	b := startPeer(t, u, func(c *Config) {
		c.PeerDialOptions = []grpc.DialOption{
			grpc.WithContextDialer(func(ctx context.Context, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
				return &teeConn{Conn: c, mu: &mu, to: &sent}, err
			}),
			grpc.WithTransportCredentials(insecure.NewCredentials()),
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, soloTable(nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	cfg := botsdk.Config{Server: b.addr, TableID: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0), BotName: "through-b",
		DialOptions: []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}}
	result, err := botsdk.Play(ctx, cfg, botsdk.NewRandom(1))
	if err != nil {
		t.Fatal(err)
	}
	if n := forwardedCalls(b.srv.metrics, pb.SeatService_Connect_FullMethodName); n != 1 {
		t.Fatalf("B forwarded %v calls, want 1 (the bot's stream)", n)
	}
	frames, pings := clientPings(t, &mu, &sent)
	if pings != 0 || len(result.GetScores()) != 2 {
		t.Fatalf("B sent A %d PINGs in %d frames over a forwarded game (scores %v); want 0", pings, frames, result.GetScores())
	}
}

// clientPings parses what a client connection wrote (sent, under mu: the HTTP/2 client preface,
// then frames) and returns how many frames it holds and how many of them are PINGs (not acks).
func clientPings(t *testing.T, mu *sync.Mutex, sent *bytes.Buffer) (frames, pings int) {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	b := sent.Bytes()
	if !bytes.HasPrefix(b, []byte(http2.ClientPreface)) {
		t.Fatalf("the connection began %q, not with the HTTP/2 client preface", b[:min(len(b), 24)])
	}
	f := http2.NewFramer(nil, bytes.NewReader(b[len(http2.ClientPreface):]))
	f.SetMaxReadFrameSize(1 << 24)
	for {
		fr, err := f.ReadFrame()
		if errors.Is(err, io.EOF) {
			return frames, pings
		}
		if err != nil {
			t.Fatalf("frame %d: %v", frames, err)
		}
		frames++
		if p, ok := fr.(*http2.PingFrame); ok && !p.IsAck() {
			pings++
		}
	}
}

// teeConn is a net.Conn that copies what it writes to to (under mu).
type teeConn struct {
	net.Conn
	mu *sync.Mutex
	to *bytes.Buffer
}

func (c *teeConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.to.Write(p)
	c.mu.Unlock()
	return c.Conn.Write(p)
}
