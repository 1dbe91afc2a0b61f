package service

import (
	"context"
	"fmt"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/service/store"
)

// Forwarders. A referee serves a call forwarded by another (forwardedBy) only when the forwarding
// referee is one of its own store's ([store.Leaser.IsReferee]). A referee started on a copy of
// the store restored within store.LeaseTTL of its dump finds there the leases of the referees of
// then, at their addresses, where they may still run on the original store (a copy restored
// beside the deployment to check a backup): served there, the calls it forwarded acted on the
// original (a CancelTable cancelled the original's table, a bot's seat played there). It is
// refused instead, with ErrMoving's Unavailable: once the copy's leases expire, the referee on the
// copy takes those tables over and serves the calls made again through it itself. This is no
// authentication (an owner id is no secret; the peer secret is, fromPeer): it keeps the
// referees of two stores apart.

// forwarderTTL is how long a referee found to be one of this store's (knownForwarder) is taken as
// one without asking the store again: a referee forwards calls every few seconds (listings,
// bots' streams), and its row is read once a minute rather than at each call. An entry that
// outlives its referee's row admits nothing: a referee deletes its row (store.Leaser's Close)
// only after it has stopped forwarding (Referee.Close), and its owner id is never used again.
const forwarderTTL = time.Minute

// maxForwarders bounds the referees remembered (knownForwarder): a deployment has a few, each
// with a new owner id at every start; the least recently seen is forgotten first.
const maxForwarders = 256

// newForwarderCache returns the cache of the referees of this store found by knownForwarder:
// the time each was found, by owner id.
func newForwarderCache() *lru.Cache[string, time.Time] {
	c, err := lru.New[string, time.Time](maxForwarders)
	if err != nil {
		panic(err) // only for a size that is not positive
	}
	return c
}

// knownForwarder reports whether owner, the owner id of a referee that forwarded a call here, is
// one of this store's referees: from the cache if it was found so within forwarderTTL before
// now, else from the store (store.Leaser.IsReferee). An owner the store does not know is not
// remembered and is looked up at each of its calls: such calls come from a referee on a
// restored copy only until its copy's leases expire (a few seconds), each costs one primary-key
// read as a call about a table not in memory does (route), and a referee that has just started
// (it advertises before it serves, NewReferee) is never refused because it was unknown a moment
// before. False with no query when the store is not shared: no other referee shares it.
func (s *Referee) knownForwarder(ctx context.Context, owner string, now time.Time) (bool, error) {
	if s.leaser == nil {
		return false, nil
	}
	if found, ok := s.forwarders.Get(owner); ok && now.Sub(found) < forwarderTTL {
		return true, nil
	}
	ok, err := s.leaser.IsReferee(ctx, owner)
	if err != nil {
		return false, err
	}
	if ok {
		s.forwarders.Add(owner, now)
	} else {
		s.forwarders.Remove(owner)
	}
	return ok, nil
}

// fromReferee is an auth function of the interceptors (see [Server.AuthOptions]): a call that
// carries forwardedBy is served only when the referee it names is one of this store's
// (knownForwarder). Unavailable, with takeoverRetry's RetryInfo, naming that referee, when it is
// not (it runs on a restored copy of the store, say); InvalidArgument for more than one
// forwardedBy. The check is made when the call starts: a stream forwarded by a referee that
// leaves meanwhile (and deletes its row) goes on until that referee ends it.
func (s *Server) fromReferee(ctx context.Context) (context.Context, error) {
	owners := metadata.ValueFromIncomingContext(ctx, forwardedBy)
	if len(owners) == 0 {
		return ctx, nil
	}
	if len(owners) != 1 {
		return nil, status.Errorf(codes.InvalidArgument, "%s: %d values; a forwarded call names its forwarding referee once", forwardedBy, len(owners))
	}
	ok, err := s.knownForwarder(ctx, owners[0], time.Now())
	if err != nil {
		return nil, statusOf(fmt.Errorf("%s: checking that the referee that forwarded this call is one of this store's: %w", forwardedBy, err))
	}
	if !ok {
		s.forwardLog.Do(func() {
			s.log.Warn("forwarding: a call forwarded by a referee that is not one of this store's", "forwarded_by", owners[0])
		})
		return nil, statusOf(errorf(ErrMoving, "the referee that forwarded this call is not one of this store's referees: "+
			"it does not share this referee's store (it runs on a restored copy of it, say), and may not act on it; "+
			"reconnect: within %s that referee takes over what it forwarded and serves it itself", 2*store.LeaseTTL))
	}
	return ctx, nil
}
