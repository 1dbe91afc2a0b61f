package main

import (
	"context"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestBinaryTrustedProxies: behind a proxy in --trusted-proxies (loopback here), each client named
// by X-Forwarded-For has its own spectator limit (--max-watchers-per-principal 1): two clients,
// the second behind a proxy chain whose nearer hop is trusted too, each open a watch, and the
// second watch of each is refused for its own address. From a peer not in --trusted-proxies the
// same headers are ignored: both callers are loopback and share one limit.
func TestBinaryTrustedProxies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildReferee(t)
	req := &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
		{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{}}}}}
	// watch opens a spectator stream of a new table as a caller whose request carries xff, and
	// returns the subject of its QuotaFailure ("" when the stream opened).
	watch := func(ctx context.Context, t *testing.T, tables pb.TableServiceClient, xff string) string {
		t.Helper()
		resp, err := tables.CreateTable(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		stream, err := tables.WatchTable(metadata.AppendToOutgoingContext(ctx, "x-forwarded-for", xff), &pb.WatchTableRequest{TableId: resp.GetTableId()})
		if err == nil {
			_, err = stream.Recv()
		}
		if err == nil {
			return ""
		}
		st := status.Convert(err)
		for _, d := range st.Details() {
			if qf, ok := d.(*errdetails.QuotaFailure); ok && st.Code() == codes.ResourceExhausted && len(qf.GetViolations()) == 1 {
				return qf.GetViolations()[0].GetSubject()
			}
		}
		t.Fatalf("watch as %q: %v, want it open or ResourceExhausted with one QuotaFailure", xff, err)
		return ""
	}
	const first, second = "198.51.100.7", "203.0.113.1, 198.51.100.8, 10.1.2.3"
	for _, c := range []struct {
		name    string
		trusted string
		want    []string // the subjects refused of watches as first, second, first, second
	}{
		{"trusted", "127.0.0.0/8,10.0.0.0/8", []string{"", "", "ip:198.51.100.7", "ip:198.51.100.8"}},
		{"untrusted", "10.0.0.0/8", []string{"", "ip:127.0.0.1", "ip:127.0.0.1", "ip:127.0.0.1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory",
				"--max-watchers-per-principal", "1", "--trusted-proxies", c.trusted)
			tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var got []string
			for _, xff := range []string{first, second, first, second} {
				got = append(got, watch(ctx, t, tables, xff))
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("refused subjects %q, want %q", got, c.want)
				}
			}
		})
	}
}
