package store

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// pageKey is the keyset position a page token carries: the sort key of the last row returned.
type pageKey struct {
	Kind string `json:"k"` // "tables", "games" or "audit": a token only fits the method that issued it
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
