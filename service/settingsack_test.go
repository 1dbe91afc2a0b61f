package service

import (
	"bytes"
	"io"
	"net"
	"testing"

	"golang.org/x/net/http2"
)

// TestSettingsAckFilter: the client's first SETTINGS acknowledgement is taken out of the stream,
// wherever it comes among the first frames; every other byte, a later acknowledgement included,
// passes through unchanged.
func TestSettingsAckFilter(t *testing.T) {
	type frame func(f *http2.Framer) error
	settings := func(f *http2.Framer) error {
		return f.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: 1 << 20})
	}
	ack := func(f *http2.Framer) error { return f.WriteSettingsAck() }
	window := func(f *http2.Framer) error { return f.WriteWindowUpdate(0, 1<<24) }
	headers := func(f *http2.Framer) error {
		return f.WriteHeaders(http2.HeadersFrameParam{StreamID: 1, BlockFragment: bytes.Repeat([]byte{0x82}, 40), EndHeaders: true})
	}
	data := func(f *http2.Framer) error { return f.WriteData(1, true, bytes.Repeat([]byte{4}, 3000)) }
	encode := func(frames ...frame) []byte {
		var b bytes.Buffer
		b.WriteString(http2.ClientPreface)
		f := http2.NewFramer(&b, nil)
		for _, w := range frames {
			if err := w(f); err != nil {
				t.Fatal(err)
			}
		}
		return b.Bytes()
	}
	for _, c := range []struct {
		name      string
		sent, got []frame
	}{
		{"ack before the request", []frame{settings, window, ack, headers, data}, []frame{settings, window, headers, data}},
		{"ack after the request", []frame{settings, headers, data, ack}, []frame{settings, headers, data}},
		{"second ack kept", []frame{settings, ack, headers, ack, data}, []frame{settings, headers, ack, data}},
		{"no ack", []frame{settings, headers, data}, []frame{settings, headers, data}},
	} {
		t.Run(c.name, func(t *testing.T) {
			client, server := net.Pipe()
			go func() {
				_, _ = client.Write(encode(c.sent...))
				client.Close()
			}()
			l := settingsAckListener{&oneConnListener{server}}
			conn, err := l.Accept()
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(conn)
			if err != nil {
				t.Fatal(err)
			}
			if want := encode(c.got...); !bytes.Equal(got, want) {
				t.Fatalf("read %d bytes, want %d:\n got %x\nwant %x", len(got), len(want), got, want)
			}
		})
	}
}

// oneConnListener is a listener whose Accept returns its one connection.
type oneConnListener struct{ c net.Conn }

func (l *oneConnListener) Accept() (net.Conn, error) { return l.c, nil }
func (l *oneConnListener) Close() error              { return nil }
func (l *oneConnListener) Addr() net.Addr            { return l.c.LocalAddr() }
