package service

import (
	"io"

	"github.com/soheilhy/cmux"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// nativeGRPC is the [Port]'s test for a connection that goes to grpc-go's transport: HTTP/2
// whose first request's content-type is gRPC's, application/grpc or application/grpc+<codec>
// ([isGRPC]: the Go SDK sends application/grpc+proto), and not gRPC-Web's. It reads the client
// preface and frames from r until the first request's headers, and answers the client's SETTINGS
// with an empty SETTINGS frame on w, as gRPC clients wait for the server's before they send a
// request. It is cmux's HTTP2MatchHeaderFieldSendSettings with that test instead of one exact
// value: cmux matches one value or one prefix, and the prefix application/grpc takes
// application/grpc-web too. What it reads is bounded, as cmux keeps every byte read until the
// connection is handed on: frames of at most 16 KiB (HTTP/2's default SETTINGS_MAX_FRAME_SIZE,
// which the empty SETTINGS frame keeps), at most matchFrames frames and matchHeaderBytes of
// header block; a connection past them is not taken for gRPC.
func nativeGRPC(w io.Writer, r io.Reader) bool {
	// cmux's test reads no further than the first byte that differs from the preface: a shorter
	// HTTP/1.0 request ("GET / HTTP/1.0\r\n\r\n", 18 bytes) is told apart at once, where
	// io.ReadFull of 24 bytes waited for FirstBytesTimeout.
	if !cmux.HTTP2()(r) {
		return false
	}
	framer := http2.NewFramer(w, r)
	framer.SetMaxReadFrameSize(16 << 10)
	var contentType *string
	headers := hpack.NewDecoder(4<<10, func(f hpack.HeaderField) {
		if f.Name == "content-type" && contentType == nil {
			contentType = &f.Value
		}
	})
	headerBytes := 0
	sentSettings := false
	for range matchFrames {
		f, err := framer.ReadFrame()
		if err != nil {
			return false
		}
		if s, ok := f.(*http2.SettingsFrame); ok && !s.IsAck() && !sentSettings {
			// Once: net/http, serving the connection from then on, ACKs each of the client's
			// SETTINGS itself, and took the client's ACK of a second empty SETTINGS of ours, which
			// the connection's filter does not remove (settingsAckFilter), for a protocol error:
			// a client sending two SETTINGS frames before its first request got GOAWAY.
			sentSettings = true
			if err := framer.WriteSettings(); err != nil {
				return false
			}
		}
		// The first request's header block: a HEADERS frame, then CONTINUATION frames.
		hb, ok := f.(interface {
			HeaderBlockFragment() []byte
			HeadersEnded() bool
		})
		if !ok {
			continue
		}
		if headerBytes += len(hb.HeaderBlockFragment()); headerBytes > matchHeaderBytes {
			return false
		}
		if _, err := headers.Write(hb.HeaderBlockFragment()); err != nil {
			return false
		}
		if contentType != nil || hb.HeadersEnded() {
			return contentType != nil && isGRPC(*contentType)
		}
	}
	return false
}

// matchFrames and matchHeaderBytes bound what nativeGRPC reads of a connection: a gRPC client
// sends its SETTINGS, perhaps a WINDOW_UPDATE and the acknowledgement of the server's SETTINGS,
// then its first request's headers, a few hundred bytes.
const (
	matchFrames      = 16
	matchHeaderBytes = 16 << 10
)
