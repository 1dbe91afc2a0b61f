package service

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// rawH2 is an HTTP/2 client connection to a port, written frame by frame as an attacker writes
// it: the client preface and its SETTINGS are sent, the server's SETTINGS read and acknowledged.
type rawH2 struct {
	conn   net.Conn
	framer *http2.Framer
	// mu serialises the framer's writes: next's answers and a test's own.
	mu sync.Mutex
	// maxStreams is the server's SETTINGS_MAX_CONCURRENT_STREAMS (0: not sent).
	maxStreams uint32
}

// dialRawH2 opens a rawH2 to addr (h2c) and reads up to the server's SETTINGS.
func dialRawH2(t *testing.T, addr string) *rawH2 {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(waitFor))
	if _, err := io.WriteString(conn, http2.ClientPreface); err != nil {
		t.Fatal(err)
	}
	h := &rawH2{conn: conn, framer: http2.NewFramer(conn, conn)}
	h.framer.ReadMetaHeaders = hpack.NewDecoder(4<<10, nil)
	if err := h.framer.WriteSettings(); err != nil {
		t.Fatal(err)
	}
	return h
}

// request sends the HEADERS of a POST of a Connect or gRPC call on stream id, with contentType
// and extra header fields, its body left open (no END_STREAM), in as many CONTINUATION frames as
// the block needs.
func (h *rawH2) request(t *testing.T, id uint32, contentType string, extra ...hpack.HeaderField) {
	t.Helper()
	if err := h.writeRequest(id, contentType, extra...); err != nil {
		t.Fatal(err)
	}
}

// writeRequest is request, returning the write's error.
func (h *rawH2) writeRequest(id uint32, contentType string, extra ...hpack.HeaderField) error {
	var block bytes.Buffer
	enc := hpack.NewEncoder(&block)
	fields := []hpack.HeaderField{{Name: ":method", Value: "POST"}, {Name: ":scheme", Value: "http"},
		{Name: ":authority", Value: "referee"}, {Name: ":path", Value: "/bezique.v1.TableService/GetRuleCatalog"},
		{Name: "content-type", Value: contentType}, {Name: "connect-protocol-version", Value: "1"}, {Name: "te", Value: "trailers"}}
	for _, f := range append(fields, extra...) {
		if err := enc.WriteField(f); err != nil {
			return err
		}
	}
	b := block.Bytes()
	const frame = 16 << 10
	first := b[:min(len(b), frame)]
	b = b[len(first):]
	err := h.framer.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: first, EndHeaders: len(b) == 0})
	for err == nil && len(b) > 0 {
		n := min(len(b), frame)
		err = h.framer.WriteContinuation(id, n == len(b), b[:n])
		b = b[n:]
	}
	return err
}

// end sends the body of stream id, an empty request message (gRPC's and Connect's binary
// framing differ: an empty gRPC message is five bytes, an empty Connect JSON one "{}"), and ends it.
func (h *rawH2) end(t *testing.T, id uint32, contentType string) {
	t.Helper()
	body := []byte("{}")
	if isGRPC(contentType) {
		body = make([]byte, 5)
	}
	if err := h.framer.WriteData(id, true, body); err != nil {
		t.Fatal(err)
	}
}

// write calls f, which writes with the framer, alone.
func (h *rawH2) write(f func() error) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return f()
}

// next reads the server's frames, answering SETTINGS and PINGs, until one on stream id (a
// response's HEADERS or a RST_STREAM) or a GOAWAY, which it returns.
func (h *rawH2) next(t *testing.T, id uint32) http2.Frame {
	t.Helper()
	for {
		f, err := h.framer.ReadFrame()
		if err != nil {
			t.Fatalf("reading the server's frames for stream %d: %v", id, err)
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				if v, ok := f.Value(http2.SettingMaxConcurrentStreams); ok {
					h.maxStreams = v
				}
				err = h.write(func() error { return h.framer.WriteSettingsAck() })
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				err = h.write(func() error { return h.framer.WritePing(true, f.Data) })
			}
		case *http2.GoAwayFrame:
			return f
		case *http2.MetaHeadersFrame, *http2.RSTStreamFrame:
			if f.Header().StreamID == id {
				return f
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// servePortWith serves a referee (in memory) on a port of 127.0.0.1 without TLS, with cfg,
// until the test ends, and returns its address.
func servePortWith(t *testing.T, cfg PortConfig) string {
	t.Helper()
	srv, err := New(t.Context(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port, err := NewPort(lis, cfg, srv.Register, ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(time.Second) })
	return lis.Addr().String()
}

// TestPortStreamLimit: PortConfig.MaxStreamsPerConn (--max-streams-per-conn) holds on every
// HTTP/2 connection of the port, the ones grpc-go serves (first request gRPC) and the ones
// net/http serves (Connect, gRPC-Web): the server's SETTINGS say it, and a stream past it is
// reset. net/http's HTTP/2 advertised 2^31-1 before, so one connection of Connect calls whose
// bodies never end held 1 000 streams (4 000 goroutines), and its defence against rapid resets
// (CVE-2023-44487), which counts against that value, never started.
func TestPortStreamLimit(t *testing.T) {
	addr := servePortWith(t, PortConfig{MaxStreamsPerConn: 3})
	for _, contentType := range []string{"application/grpc", "application/json"} {
		t.Run(strings.ReplaceAll(contentType, "/", "_"), func(t *testing.T) {
			h := dialRawH2(t, addr)
			for id := uint32(1); id <= 7; id += 2 {
				h.request(t, id, contentType)
			}
			f := h.next(t, 7)
			if h.maxStreams != 3 {
				t.Errorf("SETTINGS_MAX_CONCURRENT_STREAMS %d, want 3", h.maxStreams)
			}
			rst, ok := f.(*http2.RSTStreamFrame)
			if !ok {
				t.Fatalf("the 4th stream got %v, want RST_STREAM", f)
			}
			if rst.ErrCode != http2.ErrCodeRefusedStream {
				t.Fatalf("the 4th stream was reset with %v, want REFUSED_STREAM", rst.ErrCode)
			}
		})
	}
}

// TestPortHeaderListLimit: the headers of one request are at most MaxHeaderBytes decoded, on
// grpc-go's transport and net/http's alike. HPACK lets a client name an indexed header again in
// one byte: a 4 000-byte binary (-bin) header named 100 times is 7.5 KB on the wire and 400 KB
// decoded, and grpc-go, whose bound was 16 MiB, decoded each copy's base64 anew and held it as
// long as the stream was open (100 such streams took 1.6 GB of the referee's memory).
func TestPortHeaderListLimit(t *testing.T) {
	addr := servePortWith(t, PortConfig{})
	for contentType, want := range map[string]string{
		"application/grpc": "RST_STREAM FRAME_SIZE_ERROR", // grpc-go, as x/net's framer refuses the header block
		"application/json": "status 431",                  // net/http: 431 Request Header Fields Too Large
	} {
		t.Run(strings.ReplaceAll(contentType, "/", "_"), func(t *testing.T) {
			h := dialRawH2(t, addr)
			h.request(t, 1, contentType) // the first request, which takes the connection to grpc-go or net/http
			h.end(t, 1, contentType)
			if _, ok := h.next(t, 1).(*http2.MetaHeadersFrame); !ok {
				t.Fatal("the first request got no response headers")
			}
			big := make([]hpack.HeaderField, 100)
			for i := range big {
				big[i] = hpack.HeaderField{Name: "x-big-bin", Value: strings.Repeat("QUFB", 1000)}
			}
			h.request(t, 3, contentType, big...)
			var got string
			switch f := h.next(t, 3).(type) {
			case *http2.RSTStreamFrame:
				got = "RST_STREAM " + f.ErrCode.String()
			case *http2.MetaHeadersFrame:
				got = "status " + f.PseudoValue("status")
			default:
				got = fmt.Sprint(f)
			}
			if got != want {
				t.Fatalf("a request with 400 KB of headers (decoded) got %s, want %s", got, want)
			}
		})
	}
}

// TestPortClientSendsTwoSettings: a client that sends two SETTINGS frames before its first
// request (legal HTTP/2) is served on net/http's side too: the port's matcher answered each with
// a SETTINGS frame of its own, the client acknowledged both, and net/http took the second
// acknowledgement, of SETTINGS it never sent, for a protocol error (GOAWAY) before answering.
func TestPortClientSendsTwoSettings(t *testing.T) {
	addr := servePortWith(t, PortConfig{})
	for _, contentType := range []string{"application/json", "application/grpc"} {
		t.Run(strings.ReplaceAll(contentType, "/", "_"), func(t *testing.T) {
			h := dialRawH2(t, addr)
			if err := h.write(func() error {
				return h.framer.WriteSettings(http2.Setting{ID: http2.SettingMaxFrameSize, Val: 1 << 15})
			}); err != nil {
				t.Fatal(err)
			}
			h.request(t, 1, contentType)
			h.end(t, 1, contentType)
			f := h.next(t, 1)
			if hf, ok := f.(*http2.MetaHeadersFrame); !ok || hf.PseudoValue("status") != "200" {
				t.Fatalf("the answer to a client of two SETTINGS frames: %v, want HEADERS :status 200", f)
			}
		})
	}
}
