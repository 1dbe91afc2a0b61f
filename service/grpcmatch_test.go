package service

import (
	"bytes"
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
