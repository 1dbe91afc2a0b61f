package service

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// TestStoreSilentStopsTableTruthfully: when a referee's PostgreSQL stops answering (the link
// frozen: a server stopped with SIGSTOP), the referee stops its tables once no renewal has
// succeeded for a lease's term (dropUnsure), and their seats are told what happened: this referee
// lost touch with its store. They were told the table "has moved to another referee", which no
// referee had done (an outside trial).
func TestStoreSilentStopsTableTruthfully(t *testing.T) {
	u, _ := sharedSchema(t)
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	link := startTCPLink(t, pu.Host)
	pu.Host = link.addr()
	st, _ := openShared(t, pu.String())
	a := startReferee(t, st, func(c *Config) { c.Advertise = "127.0.0.1:1" })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	stream, err := a.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(&pb.ConnectRequest{Kind: &pb.ConnectRequest_Join{Join: &pb.Join{TableId: resp.GetTableId(), Seat: 0, Token: tokenOf(resp, 0)}}}); err != nil {
		t.Fatal(err)
	}
	if m, err := stream.Recv(); err != nil || m.GetWelcome() == nil {
		t.Fatalf("first message %v, %v; want a Welcome", m, err)
	}
	link.freeze()
	start := time.Now()
	for {
		if _, err = stream.Recv(); err != nil {
			break
		}
	}
	want := fmt.Sprintf("table %s: this referee has lost touch with its store and stopped the table; reconnect to resume it on the referee that takes it over (any referee, this one included, once the store answers)", resp.GetTableId())
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want {
		t.Fatalf("seat stream ended with %v after %v; want Unavailable %q", err, time.Since(start).Round(time.Millisecond), want)
	}
	if took := time.Since(start); took < store.LeaseTTL-store.LeaseRenewEvery {
		t.Errorf("the table stopped %v after the store went silent; want no sooner than a lease's term less a renewal, %v", took, store.LeaseTTL-store.LeaseRenewEvery)
	}
	link.cut() // the referee's stop then fails its store calls at once rather than at their deadlines
}
