package service

import (
	"context"
	"errors"

	lru "github.com/hashicorp/golang-lru/v2"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// keptResults is how many finished games' results a referee keeps decoded (storedResult). A
// listing gives each finished table its whole result (forfeit cause, reason, deals, the Rubicon
// settlement), which the table's stored row lacks, so without them it reads and decodes each
// game's record: about 330 KB allocated and 0.4 ms a game (BenchmarkListFinishedTables), for
// every finished table of every page that the web app's home page lists every two seconds. A
// result is a few hundred bytes: 10 000 hold a few MB.
const keptResults = 10_000

// newResultCache returns the cache of storedResult.
func newResultCache() *lru.Cache[string, *pb.GameResult] {
	c, err := lru.New[string, *pb.GameResult](keptResults)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return c
}

// storedResult returns the result of finished table id's stored record, nil when the store has
// no record of it. A stored record never changes, so the results read are kept (keptResults, the
// least recently used dropped) and each caller gets its own copy. It returns the store's errors
// and an undecodable record's (unreadable).
func (s *Referee) storedResult(ctx context.Context, id string) (*pb.GameResult, error) {
	if r, ok := s.results.Get(id); ok {
		return proto.Clone(r).(*pb.GameResult), nil
	}
	b, err := s.store.GetRecord(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec, err := UnmarshalRecord(id, b)
	if err != nil {
		return nil, err
	}
	r := rec.GetResult()
	if r != nil {
		s.results.Add(id, proto.Clone(r).(*pb.GameResult))
	}
	return r, nil
}
