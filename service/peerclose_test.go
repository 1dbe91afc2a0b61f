package service

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestNoPeerConnectionAfterClose is the regression test of a call forwarded by a referee that has
// closed (Close, Handover: its port still takes calls until it stops): it dialled the owner again
// after closePeers, and that connection was never closed. The call is now UNAVAILABLE, this
// referee shutting down, and no connection is made.
func TestNoPeerConnectionAfterClose(t *testing.T) {
	b, a, _, created := tableOnA(t) // the table is on B
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a.srv.Close()
	_, err := a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: created.GetTableId()})
	if st, _ := status.FromError(err); st.Code() != codes.Unavailable {
		t.Errorf("GetTable through the closed referee: %v; want UNAVAILABLE", err)
	}
	if cc := peerOf(a, b.addr); cc != nil {
		t.Errorf("the closed referee holds a connection to the owner (%s)", cc.GetState())
	}
}
