package service

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestUnreadAnswersEnd: an answer its client never reads (the client's HTTP/2 window stays 0)
// ends once it has waited PortConfig.SendStall: on grpc-go's transport the connection is closed
// and counted (bezique_connections_unread_total), on net/http's (Connect) the stream is reset.
// Before, both were held for as long as the client kept its connection open: an outside trial
// pinned 11 GB with GetReplay answers it never read. A client that reads is served on the same
// port, and its connection is not counted.
func TestUnreadAnswersEnd(t *testing.T) {
	metrics := NewMetrics(prometheus.NewRegistry())
	addr := servePortWith(t, PortConfig{SendStall: 500 * time.Millisecond, Metrics: metrics})
	for _, c := range []struct {
		contentType string
		want        string // how the call ends
	}{
		{"application/grpc", "connection closed"},
		{"application/json", "stream reset"},
	} {
		t.Run(strings.ReplaceAll(c.contentType, "/", "_"), func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(waitFor))
			if _, err := io.WriteString(conn, http2.ClientPreface); err != nil {
				t.Fatal(err)
			}
			h := &rawH2{conn: conn, framer: http2.NewFramer(conn, conn)}
			h.framer.ReadMetaHeaders = hpack.NewDecoder(4<<10, nil)
			if err := h.framer.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: 0}); err != nil {
				t.Fatal(err)
			}
			h.request(t, 1, c.contentType)
			h.end(t, 1, c.contentType)
			start := time.Now()
			got := ""
			for got == "" {
				f, err := h.framer.ReadFrame()
				switch {
				case errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed), err != nil && strings.Contains(err.Error(), "connection reset"):
					got = "connection closed"
				case err != nil:
					t.Fatalf("after %v: %v", time.Since(start), err)
				default:
					switch f := f.(type) {
					case *http2.DataFrame:
						if len(f.Data()) > 0 {
							t.Fatalf("DATA of %d bytes through a window of 0", len(f.Data()))
						}
					case *http2.RSTStreamFrame:
						got = "stream reset"
					case *http2.SettingsFrame:
						if !f.IsAck() {
							_ = h.write(func() error { return h.framer.WriteSettingsAck() })
						}
					}
				}
			}
			if got != c.want || time.Since(start) < 500*time.Millisecond {
				t.Fatalf("the unread answer: %s after %v; want %s after the 500ms stall", got, time.Since(start), c.want)
			}
		})
	}
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := pb.NewTableServiceClient(cc).GetRuleCatalog(ctx, &pb.GetRuleCatalogRequest{}); err != nil {
		t.Fatalf("a client that reads: %v", err)
	}
	time.Sleep(1500 * time.Millisecond) // the watch's checks, a second apart
	if n := testutil.ToFloat64(metrics.connsUnread); n != 1 {
		t.Fatalf("bezique_connections_unread_total %v, want 1 (the native gRPC connection left unread)", n)
	}
}
