package service

import (
	"sync"
	"time"
)

// MinHeartbeat and MaxHeartbeat bound the heartbeat_ms a stream may ask for (WatchTable,
// WatchTournament, Play): a heartbeat every second at most, every ten minutes at least.
const (
	MinHeartbeat = time.Second
	MaxHeartbeat = 10 * time.Minute
)

// heartbeatInterval reads a request's heartbeat_ms: 0 for none. InvalidArgument naming
// heartbeat_ms outside [MinHeartbeat, MaxHeartbeat].
func heartbeatInterval(ms uint32) (time.Duration, error) {
	d := time.Duration(ms) * time.Millisecond
	if ms != 0 && (d < MinHeartbeat || d > MaxHeartbeat) {
		return 0, invalid("heartbeat_ms", "%d is not 0 (no heartbeats) nor from %d to %d", ms, MinHeartbeat.Milliseconds(), MaxHeartbeat.Milliseconds())
	}
	return d, nil
}

// heartbeat sends a stream's heartbeat message whenever the stream has sent nothing for its
// interval: a proxy that ends quiet streams keeps it, and its client knows the connection lives.
// Every other send of the stream goes through [heartbeat.send], since a gRPC stream takes one
// send at a time; the heartbeat's own send runs on a timer's goroutine.
type heartbeat struct {
	every time.Duration
	beat  func() error // sends one heartbeat message

	sending sync.Mutex // held by each send of the stream
	last    time.Time  // when the last message was sent, under sending

	firing  sync.Mutex // held by fire and stop
	stopped bool
	timer   *time.Timer
}

// startHeartbeat returns a heartbeat that calls beat at once, unless the stream sends first, and
// then every time the stream has been quiet for every, until stop; every 0 sends none (send only
// calls its function). The first at once tells a client that the stream is open: a page showing
// "reconnecting…" over a quiet table's stream showed it for up to a heartbeat more after the
// referee came back (an outside trial), since nothing, not even the answer's headers, came before
// the first message.
func startHeartbeat(every time.Duration, beat func() error) *heartbeat {
	h := &heartbeat{every: every, beat: beat}
	if every > 0 {
		h.firing.Lock() // fire reads h.timer
		h.timer = time.AfterFunc(0, h.fire)
		h.firing.Unlock()
	}
	return h
}

// send calls fn, which sends a message on the stream, and returns its error; the stream's next
// heartbeat is due h.every after it.
func (h *heartbeat) send(fn func() error) error {
	h.sending.Lock()
	defer h.sending.Unlock()
	err := fn()
	h.last = time.Now()
	return err
}

// fire sends a heartbeat if the stream has been quiet for h.every, and sets the timer for the
// next one. A send under way is not quiet (it may be one a client does not read: fire does not
// wait for it). A failed heartbeat sends no more: the stream is gone, and its own sends say so.
func (h *heartbeat) fire() {
	h.firing.Lock()
	defer h.firing.Unlock()
	if h.stopped {
		return
	}
	if !h.sending.TryLock() {
		h.timer.Reset(h.every)
		return
	}
	defer h.sending.Unlock()
	if quiet := time.Since(h.last); quiet < h.every {
		h.timer.Reset(h.every - quiet)
		return
	}
	if err := h.beat(); err != nil {
		return
	}
	h.last = time.Now()
	h.timer.Reset(h.every)
}

// stop ends the heartbeats: once it returns no heartbeat is being sent or will be, so the stream's
// handler may return. It waits for a heartbeat's send under way, never for another send.
func (h *heartbeat) stop() {
	h.firing.Lock()
	defer h.firing.Unlock()
	h.stopped = true
	if h.timer != nil {
		h.timer.Stop()
	}
}
