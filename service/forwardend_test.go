package service

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// wantRetry fails the test unless err is Unavailable with message want and a RetryInfo of a
// second (takeoverRetry), the status of every "try again in a moment" refusal.
func wantRetry(t *testing.T, what string, err error, want string) {
	t.Helper()
	if st := status.Convert(err); st.Code() != codes.Unavailable || st.Message() != want || botsdk.RetryDelay(err) != time.Second {
		t.Errorf("%s: %v %q, RetryInfo %v; want Unavailable %q, 1s", what, st.Code(), st.Message(), botsdk.RetryDelay(err), want)
	}
}

// TestForwardToAnAddressThatDoesNotParse (issue #16): a table's owner advertises an address that
// grpc-go cannot dial (it does not parse as a target: a mistyped --advertise). A call forwarded
// to it reached the client as Unknown "service: dial the referee at bad%zz: parse ..."; it is now
// Unavailable with the second's RetryInfo, naming that referee and its address, for a unary
// call (GetTable, Decide) as for a seat stream.
func TestForwardToAnAddressThatDoesNotParse(t *testing.T) {
	u, raw := sharedSchema(t)
	a := startPeer(t, u, nil)
	b := startPeer(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := a.tables.CreateTable(ctx, twoRemote(false))
	if err != nil {
		t.Fatal(err)
	}
	id := resp.GetTableId()
	if _, err := raw.Exec("UPDATE referees SET address = 'bad%zz' WHERE owner = $1", a.srv.leaser.Owner()); err != nil {
		t.Fatal(err)
	}
	want := `forwarded to the referee at "bad%zz", which owns it: its advertised address (--advertise) cannot be dialled ` +
		`(parse "dns:///bad%zz": invalid URL escape "%zz"); reconnect`
	_, err = b.tables.GetTable(ctx, &pb.GetTableRequest{TableId: id})
	wantRetry(t, "GetTable through B", err, want)
	_, err = b.seats.Decide(ctx, &pb.DecideRequest{TableId: id, Token: tokenOf(resp, 0), Decide: &pb.Decide{RequestId: 1}})
	wantRetry(t, "Decide through B", err, want)
	stream, err := b.seats.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.Send(joinMsg(&pb.Join{TableId: id, Token: tokenOf(resp, 0), ProtocolVersion: 1})); err != nil {
		t.Fatal(err)
	}
	_, err = stream.Recv()
	wantRetry(t, "Connect through B", err, want)
}
