package service

import (
	"context"
	"errors"

	lru "github.com/hashicorp/golang-lru/v2"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// keptEndings is how many finished games' endings a referee keeps decoded (storedEnding). A
// listing gives each finished table its whole result (forfeit cause, reason, deals, the Rubicon
// settlement) and the names its bots joined with, which the table's stored row lacks, so without
// them it reads and decodes each game's record: about 330 KB allocated and 0.4 ms a game
// (BenchmarkListFinishedTables), for every finished table of every page that the web app's home
// page lists every two seconds. An ending is about 1.1 KB (a table's info and result): 10 000
// hold about 11 MB (an outside soak measured 3.2 MB for 2 851).
const keptEndings = 10_000

// newEndingCache returns the cache of storedEnding.
func newEndingCache() *lru.Cache[string, *pb.GameRecord] {
	c, err := lru.New[string, *pb.GameRecord](keptEndings)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return c
}

// storedEnding returns the ending of finished table id's stored record: a GameRecord holding only
// its result, its seats (with the bot names and versions they joined with), its last seq and its
// last deal's summary; nil when the store
// has no record of it. A stored record never changes, so the endings read are kept (keptEndings,
// the least recently used dropped) and each caller gets its own copy. It returns the store's
// errors and an undecodable record's (unreadable).
func (s *Referee) storedEnding(ctx context.Context, id string) (*pb.GameRecord, error) {
	if r, ok := s.endings.Get(id); ok {
		return proto.Clone(r).(*pb.GameRecord), nil
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
	end := &pb.GameRecord{Result: rec.GetResult(), Seats: rec.GetSeats(), LastSeq: rec.GetLastSeq()}
	if n := len(rec.GetDeals()); n > 0 {
		end.Deals = rec.GetDeals()[n-1:] // its scores are the table's last (TableInfo.scores)
	}
	s.endings.Add(id, proto.Clone(end).(*pb.GameRecord))
	return end, nil
}
