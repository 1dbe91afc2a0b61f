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

// allowKey returns a [*QuotaError] when the client address addr has no refused key left in its
// bucket at now, whose RetryDelay is when it will have one. An address without a bucket (none of
// its keys refused, or forgotten beyond maxLimiters) has a full one.
func (q *quotas) allowKey(addr string, now time.Time) error {
	lim, ok := q.refusedKeys.Get(addr)
	if addr == "" || !ok || lim.TokensAt(now) >= 1 {
		return nil
	}
	r := lim.ReserveN(now, 1)
	d := r.DelayFrom(now)
	r.CancelAt(now)
	return q.refuse(&QuotaError{Subject: addr, Limit: LimitRefusedKeysPerAddr, RetryDelay: d,
		Description: fmt.Sprintf("refused API keys per client address: %d, one more every %s, the limit; a call with a key from this address waits for it", RefusedKeysPerAddr, RefusedKeyRefill)})
}

// keyRefused takes a token from the client address addr's bucket: an API key it sent was refused.
func (q *quotas) keyRefused(addr string, now time.Time) {
	if addr == "" {
		return
	}
	q.mu.Lock()
	lim, ok := q.refusedKeys.Get(addr)
	if !ok {
		lim = rate.NewLimiter(rate.Every(RefusedKeyRefill), RefusedKeysPerAddr)
		q.refusedKeys.Add(addr, lim)
	}
	q.mu.Unlock()
	lim.AllowN(now, 1)
}
