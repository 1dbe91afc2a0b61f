package service

import (
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// WatchTable streams a table's public events to a spectator: the history after from_seq, then
// every new event, each held back delay_ms after it happened (see [Referee.WatchTable]); once the
// game has ended, the team messages of its team seats (never during play). The stream ends with OK
// when the game ends. NotFound for an unknown table; FailedPrecondition for a
// finished table no longer in memory (use GetRecord); ResourceExhausted for a spectator that does
// not read its events.
func (s *Server) WatchTable(req *pb.WatchTableRequest, stream pb.TableService_WatchTableServer) error {
	if req.GetTableId() == "" {
		return statusOf(invalid("table_id", "missing"))
	}
	if req.GetDelayMs() > 3_600_000 {
		return statusOf(invalid("delay_ms", "%d is more than an hour", req.GetDelayMs()))
	}
	delay := time.Duration(req.GetDelayMs()) * time.Millisecond
	var sendErr error // the stream's own error, returned as it is
	err := s.Referee.WatchTable(stream.Context(), req.GetTableId(), req.GetFromSeq(), delay, func(ev *pb.Event) error {
		sendErr = stream.Send(&pb.WatchTableResponse{Event: ev})
		return sendErr
	})
	if err != nil && err == sendErr {
		return err
	}
	if err == nil { // the game has ended: its team messages may be shown now (RULES.md §3.5)
		var tms []*pb.TeamMessageRecord
		if tms, err = s.Referee.endedTeamMessages(stream.Context(), req.GetTableId()); err == nil {
			for _, tm := range tms {
				if err := stream.Send(&pb.WatchTableResponse{TeamMessage: tm}); err != nil {
					return err
				}
			}
		}
	}
	return statusOf(err)
}
