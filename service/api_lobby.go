package service

import (
	"context"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// The LobbyService handlers: each calls the [Referee] and turns its error into a status by
// statusOf.

// Serve enters the calling bot into the lobby (see [Referee.EnterLobby]) and streams the games
// assigned to it, and a ping at once (the bot is in) and every Config.PingInterval, until the bot
// closes the stream; the bot then leaves the lobby. InvalidArgument naming the field for a bad request; PermissionDenied
// for a name another key serves; Aborted when a newer Serve of the same bot supersedes this one;
// ResourceExhausted when the bot does not read its announcements.
func (s *Server) Serve(req *pb.ServeRequest, stream pb.LobbyService_ServeServer) error {
	p, err := s.Referee.EnterLobby(stream.Context(), req)
	if err != nil {
		return statusOf(err)
	}
	defer s.Referee.LeaveLobby(p)
	ping := time.NewTicker(s.cfg.PingInterval)
	defer ping.Stop()
	nonce := uint64(1)
	if err := stream.Send(&pb.ServeResponse{Kind: &pb.ServeResponse_Ping{Ping: &pb.LobbyPing{Nonce: nonce}}}); err != nil {
		return err
	}
	for {
		var m *pb.ServeResponse
		select {
		case a := <-p.Games():
			m = &pb.ServeResponse{Kind: &pb.ServeResponse_GameAssigned{GameAssigned: a}}
		case <-ping.C:
			nonce++
			m = &pb.ServeResponse{Kind: &pb.ServeResponse_Ping{Ping: &pb.LobbyPing{Nonce: nonce}}}
		case <-p.Done():
			return statusOf(p.Err())
		case <-stream.Context().Done():
			return nil
		}
		if err := stream.Send(m); err != nil {
			return err
		}
	}
}

// ListBots lists the bots present in the lobby, by name.
func (s *Server) ListBots(context.Context, *pb.ListBotsRequest) (*pb.ListBotsResponse, error) {
	return &pb.ListBotsResponse{Bots: s.Referee.ListBots()}, nil
}

// Challenge creates a table seating lobby bots, consultation teams of lobby bots and built-in
// bots (see [Referee.Challenge]): InvalidArgument naming the field for a bad request (a team
// outside the two-handed game, of a wrong size or naming a bot twice), FailedPrecondition when
// a named bot is not present or does not play the variant, DeadlineExceeded when the caller's
// deadline passes while a named bot is at its capacity.
func (s *Server) Challenge(ctx context.Context, req *pb.ChallengeRequest) (*pb.ChallengeResponse, error) {
	ti, err := s.Referee.Challenge(ctx, req)
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.ChallengeResponse{Table: ti}, nil
}
