package service

import (
	"context"
	"strings"
	"sync"
	"time"

	middleware "github.com/grpc-ecosystem/go-grpc-middleware/v2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// RevocationSweep is how often a referee looks whether the API keys of its open streams were
// revoked, by it or by another referee sharing its store: a stream of a key revoked elsewhere ends
// within this time. A key revoked through this referee ends its streams at once.
const RevocationSweep = 5 * time.Second

// keyStreams holds the streams open with each stored API key (their contexts' cancel functions),
// so that revoking the key ends them with UNAUTHENTICATED: a revoked key was refused at its next
// call, but its open streams (a lobby bot's Serve, a WatchTournament) went on for as long as they
// lasted (an attack). The configured admin key, callers without a key and in-process callers have
// no stored key to revoke.
type keyStreams struct {
	mu      sync.Mutex
	byKey   map[string]map[*context.CancelCauseFunc]struct{}
	revoked map[string]revocation // the keys revoked through this referee lately: a stream authenticated just before is ended as it registers
	sweep   sync.Once             // starts the sweeper at the first stream
}

// revocation is a key's entry in keyStreams.revoked: the error its streams end with, and when
// the entry was made.
type revocation struct {
	err error
	at  time.Time
}

// revokedMemory is how long keyStreams.revoked keeps a key revoked through this referee: a
// stream authenticated just before the revocation registers within milliseconds, and the
// sweeper ends a later one from the store anyway (RevocationSweep). Kept for ever, the set grew
// by a key at every revocation for as long as the referee ran (a platform that revokes a key
// per player session).
const revokedMemory = time.Minute

// revocableStreams is the stream interceptor, after authentication, that ends a stream when its
// key is revoked ([Server.endStreamsOf]).
func (s *Server) revocableStreams(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	id := PrincipalFrom(ss.Context()).ID
	if !strings.HasPrefix(id, keyIDPrefix) {
		return handler(srv, ss)
	}
	ctx, cancel := context.WithCancelCause(ss.Context())
	defer cancel(nil)
	ks := &s.keyStreams
	ks.sweep.Do(func() { go s.sweepRevoked() })
	ks.mu.Lock()
	if ks.byKey == nil {
		ks.byKey = map[string]map[*context.CancelCauseFunc]struct{}{}
	}
	if ks.byKey[id] == nil {
		ks.byKey[id] = map[*context.CancelCauseFunc]struct{}{}
	}
	ks.byKey[id][&cancel] = struct{}{}
	if r, ok := ks.revoked[id]; ok {
		cancel(r.err)
	}
	ks.mu.Unlock()
	defer func() {
		ks.mu.Lock()
		delete(ks.byKey[id], &cancel)
		if len(ks.byKey[id]) == 0 {
			delete(ks.byKey, id)
		}
		ks.mu.Unlock()
	}()
	err := handler(srv, &middleware.WrappedServerStream{ServerStream: ss, WrappedContext: ctx})
	if cause := context.Cause(ctx); status.Code(cause) == codes.Unauthenticated {
		return cause
	}
	return err
}

// endStreamsOf ends every open stream of key id, revoked at at.
func (s *Server) endStreamsOf(id string, at time.Time) {
	err := status.Errorf(codes.Unauthenticated, "API key %s was revoked at %s: its stream ends", id, at.UTC().Format(time.RFC3339))
	s.keyStreams.mu.Lock()
	defer s.keyStreams.mu.Unlock()
	if s.keyStreams.revoked == nil {
		s.keyStreams.revoked = map[string]revocation{}
	}
	now := time.Now()
	s.keyStreams.forgetRevoked(now)
	s.keyStreams.revoked[id] = revocation{err: err, at: now}
	for cancel := range s.keyStreams.byKey[id] {
		(*cancel)(err)
	}
}

// sweepRevoked ends, every RevocationSweep until the referee stops, the streams of the keys that
// were revoked meanwhile (by another referee sharing the store, or in the store directly).
func (s *Server) sweepRevoked() {
	tick := time.NewTicker(RevocationSweep)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
		}
		s.keyStreams.mu.Lock()
		ids := make([]string, 0, len(s.keyStreams.byKey))
		for id := range s.keyStreams.byKey {
			ids = append(ids, id)
		}
		s.keyStreams.mu.Unlock()
		for _, id := range ids {
			ctx, cancel := context.WithTimeout(context.Background(), RevocationSweep)
			k, err := s.store.GetKey(ctx, id)
			cancel()
			if err == nil && !k.RevokedAt.IsZero() {
				s.endStreamsOf(id, k.RevokedAt)
			}
		}
	}
}

// forgetRevoked drops the entries of revoked made revokedMemory or longer before now, at each
// revocation: the set holds the keys revoked within the last revokedMemory. ks.mu is held.
func (ks *keyStreams) forgetRevoked(now time.Time) {
	for id, r := range ks.revoked {
		if now.Sub(r.at) >= revokedMemory {
			delete(ks.revoked, id)
		}
	}
}
