package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// MaxIdempotencyKeyBytes is the longest CreateTableRequest.idempotency_key, in bytes.
const MaxIdempotencyKeyBytes = 64

// idempotency is a CreateTable call's idempotency key as the store keeps it (its caller's
// quotaKey, which holds no space, a space, the key: a key is its caller's own; a NUL, PostgreSQL
// text cannot hold) and the digest of its request, which a call made again must match. The zero
// value is a call without a key.
type idempotency struct {
	key, digest string
}

// idempotencyKey is the context key of the idempotency of the CreateTable call that createTable
// stores (the table's row and its storedSpec.RequestDigest).
type idempotencyKey struct{}

// idempotencyOf returns the idempotency of ctx's CreateTable call with in (the request as its
// caller sent it); a [FieldError] for a key too long or not printable text (checkText).
func idempotencyOf(ctx context.Context, in *pb.CreateTableRequest) (idempotency, error) {
	key := in.GetIdempotencyKey()
	if key == "" {
		return idempotency{}, nil
	}
	if err := checkText("idempotency_key", key, MaxIdempotencyKeyBytes); err != nil {
		return idempotency{}, err
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(in)
	if err != nil {
		return idempotency{}, err
	}
	sum := sha256.Sum256(b)
	return idempotency{key: quotaKey(ctx) + " " + key, digest: hex.EncodeToString(sum[:])}, nil
}

// keyedMutex is a mutex per key: CreateTable calls with one idempotency key run one at a time on
// a referee, so that a call made again while the first is in flight finds its table rather than
// race it to the store (each counted against its caller's limits, the losers' unique-key
// conflicts counted as store failures: an outside trial's 20 parallel calls).
type keyedMutex struct {
	mu   sync.Mutex
	held map[string]*keyedLock
}

// keyedLock is one key's mutex and the number of calls holding or waiting for it.
type keyedLock struct {
	sync.Mutex
	n int
}

// lock locks key's mutex and returns its unlock.
func (k *keyedMutex) lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.held == nil {
		k.held = map[string]*keyedLock{}
	}
	l := k.held[key]
	if l == nil {
		l = &keyedLock{}
		k.held[key] = l
	}
	l.n++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.n--; l.n == 0 {
			delete(k.held, key)
		}
		k.mu.Unlock()
	}
}

// createdBefore returns the answer to a CreateTable call made again with idem's key: the table
// the first call created, with its seat tokens and its state now; nil (and no error) when no
// table has the key. A [kindError] matching store.ErrConflict (ALREADY_EXISTS) when the table
// was created by another request; the store's error when it cannot be read.
func (s *Referee) createdBefore(ctx context.Context, idem idempotency, key string) (*pb.CreateTableResponse, error) {
	row, err := s.store.TableByIdempotencyKey(ctx, idem.key)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	spec, req, err := decodeSpec(row)
	if err != nil {
		return nil, err
	}
	if spec.RequestDigest != idem.digest {
		return nil, errorf(store.ErrConflict, "idempotency_key %q: table %s was created with it by another request; "+
			"a key names one request (send the same one again, or another key)", key, row.ID)
	}
	info, err := s.GetTable(ctx, row.ID)
	if err != nil {
		return nil, fmt.Errorf("the table created with idempotency_key %q: %w", key, err)
	}
	resp := &pb.CreateTableResponse{TableId: row.ID, SeedCommitment: row.Commitment, Table: info}
	for i, sc := range req.GetSeats() {
		if sc.GetRemote() != nil && i < len(spec.Tokens) {
			resp.SeatTokens = append(resp.SeatTokens, &pb.SeatToken{Seat: uint32(i), Token: spec.Tokens[i]})
		}
	}
	return resp, nil
}
