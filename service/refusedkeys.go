package service

import (
	"fmt"
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

// takeKey takes, before a key from the client address addr is looked up, a token of the
// address's bucket when it has one, so that calls in flight at once cannot all spend its last
// token: it returns a [*QuotaError] when the bucket has none left, whose RetryDelay is when it
// will have one; else settle, to call once the key is found good or refused (refused true). A
// good key, or a lookup that failed, gives the token back; a refused key from an address that had
// no bucket takes one from a new bucket. An address without a bucket (none of its keys refused,
// or forgotten beyond maxLimiters) has a full one, and its calls in flight before its first
// refused key are all looked up.
func (q *quotas) takeKey(addr string, now time.Time) (settle func(refused bool), err error) {
	if addr == "" {
		return func(bool) {}, nil
	}
	lim, ok := q.refusedKeys.Get(addr)
	if !ok {
		return func(refused bool) {
			if refused {
				q.keyRefused(addr, time.Now())
			}
		}, nil
	}
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return nil, q.refuse(&QuotaError{Subject: addr, Limit: LimitRefusedKeysPerAddr, RetryDelay: d,
			Description: fmt.Sprintf("refused API keys per client address: %d, one more every %s, the limit; a call with a key from this address waits for it", RefusedKeysPerAddr, RefusedKeyRefill)})
	}
	return func(refused bool) {
		if !refused {
			r.CancelAt(now) // as of the take: a cancellation after its time to act gives nothing back
		}
	}, nil
}

// keyRefused takes a token from the client address addr's bucket, made full first when it has
// none: an API key it sent was refused.
func (q *quotas) keyRefused(addr string, now time.Time) {
	q.mu.Lock()
	lim, ok := q.refusedKeys.Get(addr)
	if !ok {
		lim = rate.NewLimiter(rate.Every(RefusedKeyRefill), RefusedKeysPerAddr)
		q.refusedKeys.Add(addr, lim)
	}
	q.mu.Unlock()
	lim.AllowN(now, 1)
}
