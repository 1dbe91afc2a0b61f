package service

import (
	"net/http"
	"time"
)

// stallChunkBytes is the most of an HTTP answer stallWriter writes under one deadline: a client
// that reads at least that much every PortConfig.SendStall (32 KiB in 30 s: about 1 KB/s) is
// never cut, however large the answer (a 1 MB replay in one write would have needed 33 KB/s).
const stallChunkBytes = 32 << 10

// stallWriter bounds how long an HTTP answer may wait for its client to read it: each piece of
// at most stallChunkBytes it writes, and each flush, has stall to complete (a write deadline set
// before it and cleared after it), after which net/http ends the call (HTTP/2: the stream is
// reset; HTTP/1.1: the connection is closed). An answer that its client did not read held its
// bytes until the client closed its connection: an outside trial pinned a gigabyte with 100
// HTTP/1.1 replays it never read.
type stallWriter struct {
	http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
}

// newStallWriter returns w with its writes bounded by stall.
func newStallWriter(w http.ResponseWriter, stall time.Duration) *stallWriter {
	return &stallWriter{ResponseWriter: w, rc: http.NewResponseController(w), stall: stall}
}

// Write writes b in pieces of at most stallChunkBytes, each within the stall.
func (s *stallWriter) Write(b []byte) (int, error) {
	defer s.rc.SetWriteDeadline(time.Time{})
	written := 0
	for len(b) > 0 {
		n := min(len(b), stallChunkBytes)
		_ = s.rc.SetWriteDeadline(time.Now().Add(s.stall))
		m, err := s.ResponseWriter.Write(b[:n])
		written += m
		if err != nil {
			return written, err
		}
		b = b[n:]
	}
	return written, nil
}

// Flush flushes what was written within the stall (gRPC through net/http and vanguard flush
// each message).
func (s *stallWriter) Flush() {
	_ = s.rc.SetWriteDeadline(time.Now().Add(s.stall))
	defer s.rc.SetWriteDeadline(time.Time{})
	_ = s.rc.Flush()
}

// Unwrap returns the writer underneath, for http.ResponseController.
func (s *stallWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
