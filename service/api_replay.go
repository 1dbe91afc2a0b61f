package service

import (
	"context"
	"fmt"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"

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
	out, err := s.replays.of(rec)
	if err != nil {
		return nil, statusOf(err)
	}
	return out, nil
}

// keptReplays is how many finished games' replays a referee keeps ready (replays). A replay
// re-derives every event of the game through the engine (a 10 000-point game's is 4.8 MB of
// JSON), and an outside trial's 150 concurrent GetReplay calls took the referee's memory to
// 1.6 GB and another client's GetTable to 2.9 s. A two-handed game's replay is about 100 KB
// decoded: 32 hold a few megabytes.
const keptReplays = 32

// replays are finished games' replays, each computed once however many callers ask for it at
// once (singleflight) and the last keptReplays kept: a stored record never changes, so neither
// does its replay. Callers share the messages, which they must not modify.
type replays struct {
	kept      *lru.Cache[string, *pb.GetReplayResponse]
	computing singleflight.Group
}

// newReplays returns an empty cache of replays.
func newReplays() replays {
	kept, err := lru.New[string, *pb.GetReplayResponse](keptReplays)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return replays{kept: kept}
}

// of returns the replay of rec, a finished game's record: its events re-derived through the
// engine ([wire.ReplayRecord]) and unredacted, each action the referee chose for a seat (its
// RecordedAction.intervention: a timeout's auto-play, a forfeit) announced by an Intervention
// event before its events, as the table announced it (its reason, which the record does not
// keep, left out). It returns an error for a record the engine cannot replay.
func (r *replays) of(rec *pb.GameRecord) (*pb.GetReplayResponse, error) {
	id := rec.GetTableId()
	if out, ok := r.kept.Get(id); ok {
		return out, nil
	}
	v, err, _ := r.computing.Do(id, func() (any, error) {
		played, err := wire.ReplayRecord(rec)
		if err != nil {
			return nil, fmt.Errorf("replaying the record of table %s: %w", id, err)
		}
		evs := played.Game.Events()
		out := &pb.GetReplayResponse{Events: make([]*pb.Event, 0, len(evs))}
		next := 0 // evs[next] is the next game event to add
		add := func(upTo int) {
			for ; next < upTo; next++ {
				out.Events = append(out.Events, wire.EventToProto(evs[next], uint64(len(out.Events)+1)))
			}
		}
		for i, ra := range rec.GetActions()[:len(played.Steps)] {
			if ra.GetIntervention() == pb.InterventionKind_INTERVENTION_KIND_UNSPECIFIED {
				continue
			}
			add(played.EventsBefore[i])
			out.Events = append(out.Events, &pb.Event{Seq: uint64(len(out.Events) + 1), Payload: &pb.Event_Intervention{
				Intervention: &pb.Intervention{Seat: ra.GetSeat(), Kind: ra.GetIntervention(), Action: ra.GetAction()}}})
		}
		add(len(evs))
		r.kept.Add(id, out)
		return out, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*pb.GetReplayResponse), nil
}
