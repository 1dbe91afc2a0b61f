package service

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// TestUnreadHTTPAnswerEnds: an HTTP answer its client never reads (the client's HTTP/2 window
// stays 0) ends once it has waited PortConfig.SendStall: net/http resets the stream. Before, it
// was held for as long as the client kept its connection open (an outside trial pinned a
// gigabyte with replays it never read). Native gRPC has no such bound yet (grpc-go's transport).
func TestUnreadHTTPAnswerEnds(t *testing.T) {
	addr := servePortWith(t, PortConfig{SendStall: 500 * time.Millisecond})
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
	h.request(t, 1, "application/json")
	h.end(t, 1, "application/json")
	start := time.Now()
	for {
		f, err := h.framer.ReadFrame()
		if err != nil {
			t.Fatalf("after %v: %v; want RST_STREAM", time.Since(start), err)
		}
		switch f := f.(type) {
		case *http2.DataFrame:
			if len(f.Data()) > 0 {
				t.Fatalf("DATA of %d bytes through a window of 0", len(f.Data()))
			}
		case *http2.RSTStreamFrame:
			if d := time.Since(start); d < 500*time.Millisecond {
				t.Fatalf("the stream reset after %v, before the 500ms stall", d)
			}
			return
		case *http2.SettingsFrame:
			if !f.IsAck() {
				_ = h.write(func() error { return h.framer.WriteSettingsAck() })
			}
		}
	}
}

// TestStallWriterPieces: stallWriter writes a large answer in pieces of stallChunkBytes, each
// with a deadline of its own, so that a slow reader of a large answer is not cut: one deadline
// over a 1 MB write needed the client to read 33 KB/s (an outside trial).
func TestStallWriterPieces(t *testing.T) {
	rec := &pieceRecorder{ResponseWriter: httptest.NewRecorder()}
	w := newStallWriter(rec, time.Second)
	body := bytes.Repeat([]byte("x"), 3*stallChunkBytes+5)
	if n, err := w.Write(body); n != len(body) || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if want := []int{stallChunkBytes, stallChunkBytes, stallChunkBytes, 5}; !slices.Equal(rec.pieces, want) {
		t.Fatalf("pieces %v, want %v", rec.pieces, want)
	}
}

// pieceRecorder records the length of each write.
type pieceRecorder struct {
	http.ResponseWriter
	pieces []int
}

func (p *pieceRecorder) Write(b []byte) (int, error) {
	p.pieces = append(p.pieces, len(b))
	return p.ResponseWriter.Write(b)
}
