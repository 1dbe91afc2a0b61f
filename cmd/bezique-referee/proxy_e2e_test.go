package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/internal/testpg"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestBinaryTrustedProxies: behind a proxy in --trusted-proxies (loopback here), each client named
// by X-Forwarded-For has its own spectator limit (--max-watchers-per-principal 1): two clients,
// the second behind a proxy chain whose nearer hop is trusted too, each open a watch, and the
// second watch of each is refused for its own address. From a peer not in --trusted-proxies the
// same headers are ignored: both callers are loopback and share one limit. The same holds for a
// watch over HTTP/1.1 with the Connect protocol, as a browser's behind a gateway.
func TestBinaryTrustedProxies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildReferee(t)
	// watch opens a spectator stream of a new table as a caller whose request carries xff, and
	// returns the subject of its QuotaFailure ("" when the stream opened).
	watch := func(ctx context.Context, t *testing.T, tables pb.TableServiceClient, xff string) string {
		t.Helper()
		resp, err := tables.CreateTable(ctx, twoRemoteSeats)
		if err != nil {
			t.Fatal(err)
		}
		return watchAs(ctx, t, tables, resp.GetTableId(), xff)
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
			// The same over HTTP/1.1 with the Connect protocol, as a browser behind the gateway
			// watches: the HTTP side's calls reach the same interceptors.
			third := "192.0.2.9"
			wantHTTP := []string{"", "quota exceeded for ip:192.0.2.9: "}
			if c.name == "untrusted" {
				wantHTTP = []string{"quota exceeded for ip:127.0.0.1: ", "quota exceeded for ip:127.0.0.1: "}
			}
			for i, want := range wantHTTP {
				resp, err := tables.CreateTable(ctx, twoRemoteSeats)
				if err != nil {
					t.Fatal(err)
				}
				if got := httpWatch(ctx, t, "http://"+p.addr, resp.GetTableId(), third); !strings.HasPrefix(got, want) || (want == "") != (got == "") {
					t.Fatalf("HTTP watch %d as %s: %q, want %q…", i, third, got, want)
				}
			}
		})
	}
}

// TestBinaryTrustedProxiesIPv6: IPv6 clients are counted by their /64, the block a host or a home
// network is given and may call from any address of: behind a trusted proxy, with
// --max-watchers-per-principal 1, a watch as 2001:db8:1:2::7 opens, one as 2001:db8:1:2::8 (the
// same /64) is refused as ip:2001:db8:1:2::/64, and one as 2001:db8:1:3::7 (another /64) opens.
// Counted by address, the second opened: a client escaped the limit by changing its address.
func TestBinaryTrustedProxiesIPv6(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	p := startBinary(t, buildReferee(t), "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory",
		"--max-watchers-per-principal", "1", "--trusted-proxies", "127.0.0.0/8")
	tables := pb.NewTableServiceClient(dialReferee(t, p.addr))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var got []string
	for _, xff := range []string{"2001:db8:1:2::7", "2001:db8:1:2::8", "2001:db8:1:3::7"} {
		resp, err := tables.CreateTable(ctx, twoRemoteSeats)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, watchAs(ctx, t, tables, resp.GetTableId(), xff))
	}
	if want := []string{"", "ip:2001:db8:1:2::/64", ""}; !slices.Equal(got, want) {
		t.Fatalf("refused subjects %q, want %q", got, want)
	}
}

// twoRemoteSeats is a two-handed table whose seats wait for bots: it waits, and may be watched.
var twoRemoteSeats = &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: []*pb.SeatConfig{
	{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{}}}}}

// watchAs opens a spectator stream of tableID as a caller whose request carries the
// X-Forwarded-For xff, and returns the subject of its QuotaFailure ("" when the stream opened
// and sent its first event; it stays open until ctx ends).
func watchAs(ctx context.Context, t *testing.T, tables pb.TableServiceClient, tableID, xff string) string {
	t.Helper()
	stream, err := tables.WatchTable(metadata.AppendToOutgoingContext(ctx, "x-forwarded-for", xff), &pb.WatchTableRequest{TableId: tableID})
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

// TestBinaryPostgresTrustedProxies: a watch through a referee that forwards it to the table's
// owner (PostgreSQL shared, --peer-secret-file) is counted by the owner at the address the trusted
// proxy's X-Forwarded-For named, not at the forwarding referee's: with
// --max-watchers-per-principal 1, a second watch as 198.51.100.7 through the other referee is
// refused as ip:198.51.100.7, and a watch as 198.51.100.8 opens.
func TestBinaryPostgresTrustedProxies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	base := testpg.URL(t)
	u := freshSchema(t, base)
	bin := buildReferee(t)
	secretFile := filepath.Join(t.TempDir(), "peer-secret")
	if err := os.WriteFile(secretFile, []byte("the-deployment-peer-secret-0123456789\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", u.String(), "--peer-secret-file", secretFile,
		"--trusted-proxies", "127.0.0.0/8", "--max-watchers-per-principal", "1"}
	owner := startBinary(t, bin, args...)
	defer func() { _ = owner.cmd.Process.Signal(syscall.SIGTERM) }()
	other := startBinary(t, bin, args...)
	defer func() { _ = other.cmd.Process.Signal(syscall.SIGTERM) }()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var ids []string
	for range 3 {
		resp, err := pb.NewTableServiceClient(dialReferee(t, owner.addr)).CreateTable(ctx, twoRemoteSeats)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, resp.GetTableId())
	}
	tables := pb.NewTableServiceClient(dialReferee(t, other.addr))
	var got []string
	for i, xff := range []string{"198.51.100.7", "198.51.100.7", "198.51.100.8"} {
		got = append(got, watchAs(ctx, t, tables, ids[i], xff))
	}
	if want := []string{"", "ip:198.51.100.7", ""}; !slices.Equal(got, want) {
		t.Fatalf("refused subjects %q, want %q\n--- owner:\n%s\n--- other:\n%s", got, want, owner.log(), other.log())
	}
}

// httpWatch opens a spectator stream of tableID with the Connect protocol's JSON over HTTP/1.1,
// with X-Forwarded-For xff, and returns "" once its first message came (the stream stays open
// until ctx ends), or the message of the error that ended it.
func httpWatch(ctx context.Context, t *testing.T, base, tableID, xff string) string {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/bezique.v1.TableService/WatchTable",
		bytes.NewReader(envelope(0, []byte(`{"tableId":"`+tableID+`"}`))))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/connect+json")
	req.Header.Set("Connect-Protocol-Version", "1")
	req.Header.Set("X-Forwarded-For", xff)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	flags, data := readEnvelope(t, bufio.NewReader(res.Body))
	if flags&0x02 == 0 {
		t.Cleanup(func() { res.Body.Close() })
		return ""
	}
	defer res.Body.Close()
	var end struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(data, &end); err != nil || end.Error.Code != "resource_exhausted" {
		t.Fatalf("end of stream %q: %v, want resource_exhausted", data, err)
	}
	return end.Error.Message
}
