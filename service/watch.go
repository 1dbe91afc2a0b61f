package service

import (
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// watcher is one spectator stream. It receives the public redaction (engine.Event.Redact(-1)) of
// every event; a full queue ends the stream with ResourceExhausted.
type watcher struct {
	ch   chan watched
	done chan struct{}
	once sync.Once
	err  error
}

type watched struct {
	ev *pb.Event
	at time.Time
}

func (w *watcher) push(t *table, h histEvent) {
	select {
	case w.ch <- watched{ev: t.eventFor(h, -1), at: h.at}:
	default:
		w.close(status.Errorf(codes.ResourceExhausted, "spectator stream: %d events queued and unread; watch again with from_seq", cap(w.ch)))
		delete(t.watchers, w)
	}
}

func (w *watcher) close(err error) {
	w.once.Do(func() {
		w.err = err
		close(w.done)
	})
}

// WatchTable streams a table's public events to a spectator: the history after from_seq, then
// every new event, each held back delay_ms after it happened. The stream ends with OK when the
// game ends. NotFound for an unknown table; FailedPrecondition for a finished table no longer in
// memory (use GetRecord).
func (s *Server) WatchTable(req *pb.WatchTableRequest, stream pb.TableService_WatchTableServer) error {
	if req.GetTableId() == "" {
		return invalid("table_id", "missing")
	}
	if req.GetDelayMs() > 3_600_000 {
		return invalid("delay_ms", "%d is more than an hour", req.GetDelayMs())
	}
	t, err := s.table(req.GetTableId())
	if err != nil {
		if s.store != nil {
			if _, gerr := s.store.GetTable(stream.Context(), req.GetTableId()); gerr == nil {
				return status.Errorf(codes.FailedPrecondition, "table %s has ended and left memory; use GetRecord", req.GetTableId())
			}
		}
		return err
	}
	w := &watcher{ch: make(chan watched, s.cfg.WatchQueue), done: make(chan struct{})}
	if err := t.post(stream.Context(), func() {
		for _, h := range t.since(max(req.GetFromSeq(), 1) - 1) {
			w.push(t, h)
		}
		if t.state == pb.TableState_TABLE_STATE_WAITING || t.state == pb.TableState_TABLE_STATE_PLAYING {
			t.watchers[w] = struct{}{}
		} else {
			w.close(nil)
		}
	}); err != nil {
		return err
	}
	defer func() {
		select {
		case t.inbox <- func() { delete(t.watchers, w) }:
		case <-t.done:
		case <-time.After(5 * time.Second): // a stuck table: its watcher is dropped when its queue fills
		}
	}()
	delay := time.Duration(req.GetDelayMs()) * time.Millisecond
	send := func(m watched) error {
		if wait := time.Until(m.at.Add(delay)); wait > 0 {
			select {
			case <-time.After(wait):
			case <-stream.Context().Done():
				return stream.Context().Err()
			}
		}
		return stream.Send(&pb.WatchTableResponse{Event: m.ev})
	}
	for {
		select {
		case m := <-w.ch:
			if err := send(m); err != nil {
				return err
			}
		case <-w.done:
			for {
				select {
				case m := <-w.ch:
					if err := send(m); err != nil {
						return err
					}
				default:
					return w.err
				}
			}
		case <-stream.Context().Done():
			return status.FromContextError(stream.Context().Err()).Err()
		}
	}
}
