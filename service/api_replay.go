package service

import (
	"context"
	"fmt"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// GetReplay returns a finished game's events, re-derived from its record through the engine
// ([wire.ReplayRecord]) and unredacted: every hand and every draw shown, as the record reveals the
// seed anyway. It fails as GetRecord does (FailedPrecondition while the game is in play or a
// tournament plays its cards on another table, NotFound
// for an unknown table), with Unauthenticated for a caller without a key and a table that is not
// public, and with Internal for a stored record the engine cannot replay.
func (s *Server) GetReplay(ctx context.Context, req *pb.GetReplayRequest) (*pb.GetReplayResponse, error) {
	if err := checkID("table_id", req.GetTableId()); err != nil {
		return nil, statusOf(err)
	}
	rec, err := s.revealedRecord(ctx, req.GetTableId())
	if err != nil {
		return nil, statusOf(err)
	}
	played, err := wire.ReplayRecord(rec)
	if err != nil {
		return nil, statusOf(fmt.Errorf("replaying the record of table %s: %w", req.GetTableId(), err))
	}
	evs := played.Game.Events()
	out := &pb.GetReplayResponse{Events: make([]*pb.Event, len(evs))}
	for i, e := range evs {
		out.Events[i] = wire.EventToProto(e, uint64(i+1))
	}
	return out, nil
}
