package service

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// TestNativeGRPC checks which first requests the port hands to grpc-go's transport: gRPC's
// content-types (the Go SDK's application/grpc+proto among them), not gRPC-Web's or any other;
// and that it answers the client's SETTINGS with its own. A content-type of application/grpc
// only, matched exactly, sent the Go SDK's seat streams through net/http (twice as slow).
func TestNativeGRPC(t *testing.T) {
	for _, c := range []struct {
		contentType string // "" : no content-type header
		want        bool
	}{
		{"application/grpc", true},
		{"application/grpc+proto", true},
		{"application/grpc;charset=utf-8", true},
		{"application/grpc-web", false},
		{"application/grpc-web+proto", false},
		{"application/json", false},
		{"", false},
	} {
		var in bytes.Buffer
		in.WriteString(http2.ClientPreface)
		fr := http2.NewFramer(&in, nil)
		if err := fr.WriteSettings(); err != nil {
			t.Fatal(err)
		}
		var block bytes.Buffer
		enc := hpack.NewEncoder(&block)
		fields := []hpack.HeaderField{{Name: ":method", Value: "POST"}, {Name: ":path", Value: "/bezique.v1.SeatService/Connect"}}
		if c.contentType != "" {
			fields = append(fields, hpack.HeaderField{Name: "content-type", Value: c.contentType})
		}
		for _, f := range fields {
			if err := enc.WriteField(f); err != nil {
				t.Fatal(err)
			}
		}
		if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: block.Bytes(), EndHeaders: true}); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if got := nativeGRPC(&out, &in); got != c.want {
			t.Errorf("content-type %q: nativeGRPC = %v, want %v", c.contentType, got, c.want)
		}
		f, err := http2.NewFramer(nil, &out).ReadFrame()
		if s, ok := f.(*http2.SettingsFrame); err != nil || !ok || s.IsAck() {
			t.Errorf("content-type %q: the port wrote %v (%v), want its SETTINGS frame", c.contentType, f, err)
		}
	}
	if nativeGRPC(&bytes.Buffer{}, bytes.NewBufferString("GET / HTTP/1.1\r\nHost: x\r\n\r\n")) {
		t.Error("nativeGRPC took an HTTP/1.1 request")
	}
}

// TestNativeGRPCBounded: the port reads a bounded prefix of a connection before it decides (cmux
// keeps every byte read): a client that sends many frames before its request, a frame larger
// than HTTP/2's default 16 KiB, or a header block of more than 16 KiB is not taken for gRPC,
// even with gRPC's content-type at its end.
func TestNativeGRPCBounded(t *testing.T) {
	request := func(pings, valueBytes int, split bool) *bytes.Buffer {
		var in bytes.Buffer
		in.WriteString(http2.ClientPreface)
		fr := http2.NewFramer(&in, nil)
		if err := fr.WriteSettings(); err != nil {
			t.Fatal(err)
		}
		for range pings {
			if err := fr.WritePing(false, [8]byte{}); err != nil {
				t.Fatal(err)
			}
		}
		var block bytes.Buffer
		enc := hpack.NewEncoder(&block)
		for _, f := range []hpack.HeaderField{{Name: "x-pad", Value: strings.Repeat("~", valueBytes)}, {Name: "content-type", Value: "application/grpc"}} {
			if err := enc.WriteField(f); err != nil {
				t.Fatal(err)
			}
		}
		b := block.Bytes()
		if !split {
			if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: b, EndHeaders: true}); err != nil {
				t.Fatal(err)
			}
			return &in
		}
		const chunk = 8 << 10
		if err := fr.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: b[:min(chunk, len(b))], EndHeaders: len(b) <= chunk}); err != nil {
			t.Fatal(err)
		}
		for b = b[min(chunk, len(b)):]; len(b) > 0; b = b[min(chunk, len(b)):] {
			if err := fr.WriteContinuation(1, len(b) <= chunk, b[:min(chunk, len(b))]); err != nil {
				t.Fatal(err)
			}
		}
		return &in
	}
	for _, c := range []struct {
		name        string
		pings, pad  int
		split, want bool
	}{
		{"a gRPC request", 2, 100, false, true},
		{"a gRPC request in 8 KiB pieces", 0, 12 << 10, true, true},
		{"20 frames before the request", 20, 100, false, false},
		{"a 20 KiB frame", 0, 20 << 10, false, false},
		{"a 24 KiB header block in 8 KiB pieces", 0, 24 << 10, true, false},
	} {
		if got := nativeGRPC(io.Discard, request(c.pings, c.pad, c.split)); got != c.want {
			t.Errorf("%s: nativeGRPC = %v, want %v", c.name, got, c.want)
		}
	}
}
