package service

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// RefusedKeysPerAddr and RefusedKeyRefill bound the refused API keys (unknown or revoked) of one
// client address (quotaKey's "ip:" key: an IPv6 address's /64; behind a trusted proxy, the
// client it names): a token bucket of RefusedKeysPerAddr, one back every RefusedKeyRefill (20
// at once, then 2 a minute). Past it, every call from that address that carries a key is refused
// with a [*QuotaError] (ResourceExhausted, RetryInfo: when a token is back, at most
// RefusedKeyRefill) before its key is hashed or looked up in the store, a good key as well as a
// bad one: the referee cannot tell them apart without that work.
const (
	RefusedKeysPerAddr = 20
	RefusedKeyRefill   = 30 * time.Second
)

// goodKeysPerAddr is how many keys found good from one client address are remembered
// (keyAddr.good): those are looked up even while the address's bucket is empty. 64: a machine or
// a NAT running many bots, each with its own key, beside one client sending wrong keys; with 4,
// the fifth bot's key to be used was forgotten and refused (an operator's soak). Only keys found
// good are kept, 32 bytes each, so a client trying keys cannot fill it.
const goodKeysPerAddr = 64

// keyAddr is a client address's record for the refused-key limit: its token bucket
// (RefusedKeysPerAddr, refilled every RefusedKeyRefill) and the hashes of the last keys found
// good from it. A key the address used before is looked up whatever its bucket holds: one
// misconfigured client sending wrong keys from a machine (or a NAT) locked every client of that
// address out, the web pages and the CLI of a one-machine referee among them, for 30 s at a time.
// A key never found good cannot be in good, so a client trying keys gains nothing from it.
type keyAddr struct {
	lim  *rate.Limiter
	mu   sync.Mutex
	good [][]byte // at most goodKeysPerAddr, the most recent last
}

// knows reports whether hash is among the keys found good from the address.
func (a *keyAddr) knows(hash []byte) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.ContainsFunc(a.good, func(g []byte) bool { return bytes.Equal(g, hash) })
}

// found records hash, a key found good, or, if found is false, forgets it (it was revoked).
func (a *keyAddr) found(hash []byte, found bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.good = slices.DeleteFunc(a.good, func(g []byte) bool { return bytes.Equal(g, hash) })
	if found {
		if len(a.good) == goodKeysPerAddr {
			a.good = a.good[1:]
		}
		a.good = append(a.good, hash)
	}
}

// keyLookup is the outcome of an API key's lookup in the store, for [quotas.takeKey]'s settle.
type keyLookup int

const (
	keyFailed  keyLookup = iota // the store did not answer: the key is neither good nor refused
	keyGood                     // found, not revoked
	keyRefused                  // unknown or revoked
)

// takeKey takes, before a key (its hash) from the client address addr is looked up, a token of
// the address's bucket when it has one, so that calls in flight at once cannot all spend its
// last token: it returns a [*QuotaError] when the bucket has none left, whose RetryDelay is when
// it will have one; else settle, to call with the lookup's outcome. A good key, or a lookup that
// failed, gives the token back, and a good key is remembered for the address: it is looked up
// without a token from then on (keyAddr). A refused key from an address
// that had no record takes one from a new bucket. An address without a record (none of its keys
// looked up, or forgotten beyond maxLimiters) has a full bucket.
func (q *quotas) takeKey(addr string, hash []byte, now time.Time) (settle func(keyLookup), err error) {
	if addr == "" {
		return func(keyLookup) {}, nil
	}
	a, ok := q.keyAddrs.Get(addr)
	if !ok || a.knows(hash) {
		return func(l keyLookup) { q.keyLookedUp(addr, hash, l, time.Now()) }, nil
	}
	r := a.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return nil, q.refuse(&QuotaError{Subject: addr, Limit: LimitRefusedKeysPerAddr, RetryDelay: d,
			Description: fmt.Sprintf("refused API keys per client address: %d, one more every %s, the limit; a call with a key from this address waits for it", RefusedKeysPerAddr, RefusedKeyRefill)})
	}
	return func(l keyLookup) {
		if l != keyRefused {
			r.CancelAt(now) // as of the take: a cancellation after its time to act gives nothing back
		}
		if l == keyGood {
			a.found(hash, true)
		}
	}, nil
}

// keyLookedUp records the lookup of a key (its hash) from the client address addr that took no
// token: a refused key takes one from the address's bucket, made full first when it has none,
// and is forgotten as good; a good one is remembered; a failed lookup changes nothing.
func (q *quotas) keyLookedUp(addr string, hash []byte, l keyLookup, now time.Time) {
	if l == keyFailed {
		return
	}
	q.mu.Lock()
	a, ok := q.keyAddrs.Get(addr)
	if !ok {
		a = &keyAddr{lim: rate.NewLimiter(rate.Every(RefusedKeyRefill), RefusedKeysPerAddr)}
		q.keyAddrs.Add(addr, a)
	}
	q.mu.Unlock()
	a.found(hash, l == keyGood)
	if l == keyRefused {
		a.lim.AllowN(now, 1)
	}
}
