package store

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// pageKey is the keyset position a page token carries: the sort key of the last row returned.
type pageKey struct {
	Kind string `json:"k"` // "tables", "games", "audit", "tournaments" or "tournaments newest first": a token only fits the method and order that issued it
	Time int64  `json:"t"` // created_at or finished_at, microseconds
	ID   string `json:"i"`
}

func encodeToken(k pageKey) string {
	b, _ := json.Marshal(k) // cannot fail: strings and an integer
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeToken(tok, kind string) (pageKey, error) {
	var k pageKey
	b, err := base64.RawURLEncoding.DecodeString(tok)
	if err == nil {
		err = json.Unmarshal(b, &k)
	}
	if err != nil || k.Kind != kind {
		return pageKey{}, fmt.Errorf("malformed page token %q: %w", tok, ErrInvalid)
	}
	return k, nil
}

func clampPageSize(n int) int {
	switch {
	case n <= 0:
		return DefaultPageSize
	case n > MaxPageSize:
		return MaxPageSize
	}
	return n
}

// cutPage returns the first pageSize rows of out, which holds at most one row more, and the token
// of the next page: "" when out holds no more than a page. key gives a row's keyset position.
func cutPage[T any](out []T, pageSize int, key func(T) pageKey) ([]T, string) {
	if len(out) <= pageSize {
		return out, ""
	}
	out = out[:pageSize]
	return out, encodeToken(key(out[pageSize-1]))
}

// The keyset positions of the listings: tables by creation, games by finish, audit events by
// time (tournaments: TournamentFilter.tournamentKey).
func tableKey(t Table) pageKey { return pageKey{Kind: "tables", Time: micros(t.CreatedAt), ID: t.ID} }
func gameKey(g Game) pageKey {
	return pageKey{Kind: "games", Time: micros(g.FinishedAt), ID: g.TableID}
}
func auditKey(e AuditEvent) pageKey { return pageKey{Kind: "audit", Time: micros(e.At), ID: e.ID} }
