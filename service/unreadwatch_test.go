package service

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestUnreadGRPCAnswersEnd: a native gRPC connection with a stream whose HTTP/2 send window (or
// the connection's) stays shut for PortConfig.SendStall is closed and counted
// (bezique_connections_unread_total). Before, grpc-go held such answers for as long as the client
// kept its connection: an outside trial pinned 11 GB with GetReplay answers it never read. Two
// ways round the first watch (session 33, bytes counted, not windows) are cases here: requests
// answered on other streams while one stays shut (it took header writes for the client
// reading), and a shut stream the client reset before reading everything else (its unsent bytes
// counted behind for ever, and a good connection was closed). A grpc-go client calling all the
// while is never closed.
func TestUnreadGRPCAnswersEnd(t *testing.T) {
	const stall = 500 * time.Millisecond
	metrics := NewMetrics(prometheus.NewRegistry())
	addr := servePortWith(t, PortConfig{SendStall: stall, Metrics: metrics})

	// A grpc-go client calls throughout (its windows open as it reads).
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	ctx, cancel := context.WithCancel(t.Context())
	var goodCalls atomic.Int64
	goodDone := make(chan error, 1)
	go func() {
		client := pb.NewTableServiceClient(cc)
		for ctx.Err() == nil {
			if _, err := client.GetRuleCatalog(ctx, &pb.GetRuleCatalogRequest{}); err != nil && ctx.Err() == nil {
				goodDone <- err
				return
			}
			goodCalls.Add(1)
		}
		goodDone <- nil
	}()

	for _, c := range []struct {
		name        string
		window      uint32 // the client's SETTINGS_INITIAL_WINDOW_SIZE
		requests    int    // sent at once
		others      bool   // then a request every 100 ms, each given its window, the connection's returned as read
		trickle     bool   // stream 1 is given a byte of window every 100 ms
		reset       bool   // stream 1 reset, then the initial window set to 65535
		closed      bool   // the connection is closed at the stall
		wantData    int    // DATA bytes the client reads
		wantStreams int    // streams ended by the server, at least
	}{
		{name: "stream window shut", window: 0, requests: 1, closed: true, wantData: 0},
		{name: "connection window shut", window: 1 << 20, requests: 60, closed: true, wantData: defaultWindow},
		{name: "answers on other streams", window: 0, requests: 1, others: true, closed: true, wantStreams: 3},
		{name: "a byte at a time", window: 0, requests: 1, trickle: true, closed: true},
		{name: "shut stream reset", window: 0, requests: 1, reset: true, others: true, closed: false, wantStreams: 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := testutil.ToFloat64(metrics.connsUnread)
			h := dialRawH2(t, addr)
			if err := h.framer.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: c.window}); err != nil {
				t.Fatal(err)
			}
			id := uint32(1)
			for range c.requests {
				h.request(t, id, "application/grpc")
				h.end(t, id, "application/grpc")
				id += 2
			}
			type result struct {
				data, ended int
				err         error
			}
			read := make(chan result, 1)
			go func() {
				var r result
				for r.err == nil {
					var f http2.Frame
					if f, r.err = h.framer.ReadFrame(); r.err != nil {
						break
					}
					switch f := f.(type) {
					case *http2.DataFrame:
						r.data += int(f.Length)
						if c.others && f.Length > 0 { // a client that reads returns the connection's window
							r.err = h.write(func() error { return h.framer.WriteWindowUpdate(0, f.Length) })
						}
						if f.StreamEnded() {
							r.ended++
						}
					case *http2.MetaHeadersFrame:
						if f.StreamEnded() {
							r.ended++
						}
					case *http2.SettingsFrame:
						if !f.IsAck() {
							r.err = h.write(func() error { return h.framer.WriteSettingsAck() })
						}
					case *http2.PingFrame:
						if !f.IsAck() {
							r.err = h.write(func() error { return h.framer.WritePing(true, f.Data) })
						}
					}
				}
				read <- r
			}()
			start := time.Now()
			if c.reset {
				if err := h.write(func() error {
					if err := h.framer.WriteRSTStream(1, http2.ErrCodeCancel); err != nil {
						return err
					}
					return h.framer.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: defaultWindow})
				}); err != nil {
					t.Fatal(err)
				}
			}
			for c.trickle && h.write(func() error { return h.framer.WriteWindowUpdate(1, 1) }) == nil {
				time.Sleep(100 * time.Millisecond)
			}
			sent := 0
			for c.others && time.Since(start) < 4*stall {
				time.Sleep(100 * time.Millisecond)
				err := h.write(func() error {
					if err := h.writeRequest(id, "application/grpc"); err != nil {
						return err
					}
					if err := h.framer.WriteData(id, true, make([]byte, 5)); err != nil {
						return err
					}
					if c.reset {
						return nil
					}
					return h.framer.WriteWindowUpdate(id, defaultWindow)
				})
				if err != nil {
					break // closed
				}
				sent++
				id += 2
			}
			if !c.closed {
				time.Sleep(200 * time.Millisecond) // the last answers
				_ = h.conn.Close()
			}
			r := <-read
			took := time.Since(start)
			if got := testutil.ToFloat64(metrics.connsUnread) - before; c.closed != (got == 1) || got > 1 {
				t.Errorf("connections counted unread: %v, want closed %v", got, c.closed)
			}
			if c.closed && (!errors.Is(r.err, io.EOF) || took < stall || took > stall+2*time.Second) {
				t.Errorf("the connection ended after %v (%v), want closed (EOF) after %v", took, r.err, stall)
			}
			if c.trickle && (r.data < 1 || r.data > 20) { // a byte each 100 ms until the close
				t.Errorf("%d DATA bytes read, want from 1 to 20", r.data)
			}
			if !c.others && !c.trickle && r.data != c.wantData {
				t.Errorf("%d DATA bytes read, want %d", r.data, c.wantData)
			}
			if r.ended < c.wantStreams || (c.reset && r.ended != sent) {
				t.Errorf("%d streams ended by the server (of %d sent after the first), want %d or more", r.ended, sent, c.wantStreams)
			}
		})
	}
	cancel()
	if err := <-goodDone; err != nil || goodCalls.Load() < 10 {
		t.Errorf("the grpc-go client's calls: %d, then %v; want 10 or more, never refused", goodCalls.Load(), err)
	}
}

// TestFrameScannerPieces: frameScanner finds the same frames, kept payloads included, whether a
// connection's bytes come whole or a byte at a time (grpc-go reads and writes them in pieces
// that need not end at a frame's end), after the client's preface.
func TestFrameScannerPieces(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(http2.ClientPreface)
	f := http2.NewFramer(&b, nil)
	_ = f.WriteSettings(http2.Setting{ID: http2.SettingMaxFrameSize, Val: 1 << 14}, http2.Setting{ID: http2.SettingInitialWindowSize, Val: 7})
	_ = f.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: []byte("abc"), EndHeaders: true})
	_ = f.WriteData(1, true, make([]byte, 300))
	_ = f.WriteWindowUpdate(0, 1000)
	_ = f.WriteSettingsAck()
	_ = f.WriteRSTStream(3, http2.ErrCodeCancel)
	const want = "SETTINGS 0 0 12 [0 5 0 0 64 0 0 4 0 0 0 7]; HEADERS 4 1 3 []; DATA 1 1 300 []; WINDOW_UPDATE 0 0 4 [0 0 3 232]; SETTINGS 1 0 0 []; RST_STREAM 0 3 4 []; "
	for _, piece := range []int{b.Len(), 1, 7} {
		s := frameScanner{skip: len(http2.ClientPreface)}
		var got strings.Builder
		for rest := b.Bytes(); len(rest) > 0; {
			n := min(piece, len(rest))
			s.scan(rest[:n], func(h http2.FrameHeader, payload []byte) {
				fmt.Fprintf(&got, "%v %d %d %d %v; ", h.Type, h.Flags, h.StreamID, h.Length, payload)
			})
			rest = rest[n:]
		}
		if got.String() != want {
			t.Errorf("in pieces of %d bytes: %s, want %s", piece, got.String(), want)
		}
	}
}

// TestUnreadBlockedWrite: a connection whose client returns its windows but does not read its
// socket blocks the server's writes in the kernel, its windows open: a write that has waited the
// stall closes the connection (counted), which ends the write. net.Pipe blocks a write until
// the other end reads, which it never does here.
func TestUnreadBlockedWrite(t *testing.T) {
	const stall = 300 * time.Millisecond
	metrics := NewMetrics(prometheus.NewRegistry())
	w := newUnreadWatch(stall, metrics, slog.New(slog.DiscardHandler))
	server, client := net.Pipe()
	defer client.Close()
	lis := &oneConnListener{c: server}
	conn, err := w.listener(lis).Accept()
	if err != nil {
		t.Fatal(err)
	}
	go w.run(t.Context())
	start := time.Now()
	_, err = conn.Write([]byte("SETTINGS, say"))
	if d := time.Since(start); !errors.Is(err, io.ErrClosedPipe) || d < stall || d > stall+time.Second {
		t.Errorf("the write ended after %v with %v, want io.ErrClosedPipe after %v", d, err, stall)
	}
	if got := testutil.ToFloat64(metrics.connsUnread); got != 1 {
		t.Errorf("connections counted unread: %v, want 1", got)
	}
}
