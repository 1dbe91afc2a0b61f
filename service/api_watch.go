package service

import (
	"context"
	"io"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// WatchTable streams a table's public events to a spectator: the history after from_seq, then
// every new event, each held back delay_ms after it happened, and when the request asks for
// clock_reports a clock report whenever the referee starts waiting for a decision (see
// [Referee.WatchTable], which also states the overflow policy); once the game has ended, the team messages of its team seats
// (never during play). The stream ends with OK when the game ends. NotFound for an unknown table;
// FailedPrecondition for a finished table no longer in memory (use GetRecord); ResourceExhausted
// for a spectator that fell Config.WatchQueue events behind (watch again with the from_seq the
// message names). With heartbeat_ms, a heartbeat message whenever the stream has been quiet that
// long (InvalidArgument naming it outside 1 000 to 600 000).
//
// Each live event is encoded once for all the table's spectators whose streams send uncompressed
// (all of them unless a client compresses its request with a compressor this binary registers): a
// [grpc.PreparedMsg] made on the first such stream and sent on every one.
func (s *Server) WatchTable(req *pb.WatchTableRequest, stream pb.TableService_WatchTableServer) error {
	if err := checkID("table_id", req.GetTableId()); err != nil {
		return statusOf(err)
	}
	if req.GetDelayMs() > 3_600_000 {
		return statusOf(invalid("delay_ms", "%d is more than an hour", req.GetDelayMs()))
	}
	every, err := heartbeatInterval(req.GetHeartbeatMs())
	if err != nil {
		return statusOf(err)
	}
	if addr, err := s.route(stream.Context(), req.GetTableId()); err != nil || addr != "" {
		if err != nil {
			return statusOf(err)
		}
		return s.forwardStream(stream, addr, pb.TableService_WatchTable_FullMethodName, &pb.TableService_ServiceDesc.Streams[0], req,
			nil, func() proto.Message { return &pb.WatchTableResponse{} })
	}
	delay := time.Duration(req.GetDelayMs()) * time.Millisecond
	shared := sendsUncompressed(stream.Context())
	hb := startHeartbeat(every, func() error { return stream.Send(&pb.WatchTableResponse{Heartbeat: true}) })
	defer hb.stop()
	send := func(m *pb.WatchTableResponse) error { return hb.send(func() error { return stream.Send(m) }) }
	err = s.Referee.WatchTable(stream.Context(), req.GetTableId(), req.GetFromSeq(), delay, func(e *SpectatorEvent) error {
		if e.Clock != nil {
			if !req.GetClockReports() {
				return nil
			}
			return send(&pb.WatchTableResponse{ClockReport: e.Clock})
		}
		if !shared {
			return send(&pb.WatchTableResponse{Event: e.Event})
		}
		m, err := e.Encoded(func(ev *pb.Event) (any, error) {
			p := &grpc.PreparedMsg{}
			return p, p.Encode(stream, &pb.WatchTableResponse{Event: ev})
		})
		if err != nil {
			return err
		}
		return hb.send(func() error { return stream.SendMsg(m) })
	})
	if err == io.EOF {
		return err // the stream's own end, as Send reported it
	}
	if err == nil { // the game has ended: its team messages may be shown now (RULES.md §3.5)
		var tms []*pb.TeamMessageRecord
		if tms, err = s.Referee.endedTeamMessages(stream.Context(), req.GetTableId()); err == nil {
			for _, tm := range tms {
				if err := send(&pb.WatchTableResponse{TeamMessage: tm}); err != nil {
					return err
				}
			}
		}
	}
	return statusOf(err) // a failed Send's error is a status already and is kept
}

// sendsUncompressed reports whether the stream of ctx sends its messages uncompressed, so that a
// message encoded for another such stream may be sent on it. grpc-go does not export the send
// compressor; its server transport stream has SendCompress, and a stream that does not say is
// taken as compressed (nothing is then shared).
func sendsUncompressed(ctx context.Context) bool {
	sc, ok := grpc.ServerTransportStreamFromContext(ctx).(interface{ SendCompress() string })
	return ok && (sc.SendCompress() == "" || sc.SendCompress() == encoding.Identity)
}
