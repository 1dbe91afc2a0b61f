package service

import (
	"context"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// ownerBehindLink starts referee A, which the other referees reach through the link f (A
// advertises f's address), and referee B on the same store, and creates a public table of two
// remote seats on A; it returns f, B and the table.
func ownerBehindLink(t *testing.T) (*tcpLink, *peerReferee, *pb.CreateTableResponse) {
	t.Helper()
	u, _ := sharedSchema(t)
	f := startTCPLink(t, "")
	a := startPeer(t, u, func(c *Config) { c.Advertise = f.addr() })
	f.setTarget(a.addr)
	b := startPeer(t, u, nil)
	return f, b, a.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Public: true})
}

// TestForwardedStreamEndsWhenOwnerHangs: a watch forwarded through referee B to the table's owner
// A ends with Unavailable within seconds when A stops answering without closing its connections
// (a hung or cut-off referee); it stayed open and quiet for ever (an outside trial's bots heard
// nothing for 25 s while their table, taken over, played them as disconnected).
func TestForwardedStreamEndsWhenOwnerHangs(t *testing.T) {
	f, b, resp := ownerBehindLink(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	w, err := b.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Recv(); err != nil {
		t.Fatalf("the forwarded watch: %v", err)
	}
	f.freeze()
	start := time.Now()
	for {
		if _, err = w.Recv(); err != nil {
			break
		}
	}
	if d := time.Since(start); status.Code(err) != codes.Unavailable || d > 18*time.Second {
		t.Fatalf("the forwarded watch ended after %v with %v; want Unavailable within 18 s (10 s of quiet and a 3 s ping)", d.Round(time.Millisecond), err)
	}
}

// TestForwardedStreamEndsRetryableWhenOwnerDies: a watch forwarded through referee B to the
// table's owner A ends Unavailable with a RetryInfo when A's connections are cut (A killed), so
// that the client watches again through B once another referee has the table. It ended with
// grpc-go's "error reading from server: EOF" and no RetryInfo while B's connection to A still
// read Ready, and `bezique watch` through a live referee ended there (an outside trial: 6 of 6).
func TestForwardedStreamEndsRetryableWhenOwnerDies(t *testing.T) {
	u, _ := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	resp := a.create(t, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2), Public: true})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	w, err := b.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Recv(); err != nil {
		t.Fatalf("the forwarded watch: %v", err)
	}
	a.grpc.Stop() // closes A's connections at once, as its death does
	for {
		if _, err = w.Recv(); err != nil {
			break
		}
	}
	var retry time.Duration
	for _, d := range status.Convert(err).Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			retry = ri.GetRetryDelay().AsDuration()
		}
	}
	want := "forwarded to the referee that owns it, which does not answer"
	if status.Code(err) != codes.Unavailable || retry != takeoverRetry || !strings.HasPrefix(status.Convert(err).Message(), want) {
		t.Fatalf("the forwarded watch ended with %v (RetryInfo %v); want Unavailable %q… with a RetryInfo of %v", err, retry, want, takeoverRetry)
	}
}

// TestForwardedStreamRefusedFastWhenOwnerHangs: a watch forwarded through referee B to a table's
// owner A that has stopped answering (frozen, its connections open) fails Unavailable within
// peerProbeTimeout and a little, however quiet the connection: it waited about 20 s for the
// connection's keepalive, past a bot's --takeover-wait and long after another referee had taken
// the table over (a docs audit). A unary call through B (GetTable) made the connection first.
func TestForwardedStreamRefusedFastWhenOwnerHangs(t *testing.T) {
	f, b, resp := ownerBehindLink(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := b.tables.GetTable(ctx, &pb.GetTableRequest{TableId: resp.GetTableId()}); err != nil {
		t.Fatal(err)
	}
	f.freeze()
	start := time.Now()
	w, err := b.tables.WatchTable(ctx, &pb.WatchTableRequest{TableId: resp.GetTableId()})
	if err == nil {
		_, err = w.Recv()
	}
	want := "forwarded to the referee that owns it, which does not answer"
	if d := time.Since(start); status.Code(err) != codes.Unavailable || !strings.HasPrefix(status.Convert(err).Message(), want) || d > peerProbeTimeout+2*time.Second {
		t.Fatalf("the watch through B ended after %v with %v; want Unavailable %q… within %v", d.Round(time.Millisecond), err, want, peerProbeTimeout+2*time.Second)
	}
}
