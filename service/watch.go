package service

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// watcher is one spectator. It receives the public redaction (engine.Event.Redact(-1)) of every
// event; a full queue ends the watch with ErrQueueFull.
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
		w.close(errorf(ErrQueueFull, "spectator stream: %d events queued and unread; watch again with from_seq", cap(w.ch)))
		delete(t.watchers, w)
	}
}

func (w *watcher) close(err error) {
	w.once.Do(func() {
		w.err = err
		close(w.done)
	})
}

// WatchTable calls send with a table's public events, in order, from the calling goroutine: the
// history after fromSeq, then every new event, each held back delay after it happened. It returns
// nil when the game ends, send's error when send fails, ctx's error when ctx ends, ErrNotFound for
// an unknown table, ErrPermission for an anonymous spectator (see [PrincipalFrom]) and a table
// that is not public, ErrEnded for a table that ended and left memory (read its record), a
// [*QuotaError] at Config.MaxWatchersPerTable or at the caller's MaxWatchersPerPrincipal,
// ErrQueueFull when send fell more than Config.WatchQueue events behind, and ErrStopped when the
// referee shuts down.
func (s *Referee) WatchTable(ctx context.Context, id string, fromSeq uint64, delay time.Duration, send func(*pb.Event) error) error {
	t, err := s.table(id)
	if err != nil {
		if s.store != nil {
			if _, gerr := s.store.GetTable(ctx, id); gerr == nil {
				return errorf(ErrEnded, "table %s has ended and left memory; use GetRecord", id)
			}
		}
		return err
	}
	if PrincipalFrom(ctx).Role == RoleSpectator && !t.spec.GetPublic() {
		return errorf(ErrPermission, "table %s is not public: watching it needs an API key", id)
	}
	key := quotaKey(ctx)
	if err := s.quotas.addWatcher(key); err != nil {
		return err
	}
	defer s.quotas.doneWatching(key)
	w := &watcher{ch: make(chan watched, s.cfg.WatchQueue), done: make(chan struct{})}
	var qerr error
	if err := t.post(ctx, func() {
		if n := len(t.watchers); n >= s.cfg.MaxWatchersPerTable {
			qerr = s.quotas.refuse(&QuotaError{Subject: cmp.Or(key, "local"), Limit: LimitWatchersPerTable,
				Description: fmt.Sprintf("spectator streams of table %s: %d, the limit (--max-watchers-per-table)", t.id, n)})
			return
		}
		for _, h := range t.since(max(fromSeq, 1) - 1) {
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
	if qerr != nil {
		return qerr
	}
	defer func() {
		select {
		case t.inbox <- func() { delete(t.watchers, w) }:
		case <-t.done:
		case <-time.After(5 * time.Second): // a stuck table: its watcher is dropped when its queue fills
		}
	}()
	deliver := func(m watched) error {
		if wait := time.Until(m.at.Add(delay)); wait > 0 {
			select {
			case <-time.After(wait):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return send(m.ev)
	}
	for {
		select {
		case m := <-w.ch:
			if err := deliver(m); err != nil {
				return err
			}
		case <-w.done:
			for {
				select {
				case m := <-w.ch:
					if err := deliver(m); err != nil {
						return err
					}
				default:
					return w.err
				}
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
