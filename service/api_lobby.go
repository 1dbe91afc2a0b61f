package service

import (
	"context"
	"time"

	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// The LobbyService handlers: each calls the [Referee] and turns its error into a status by
// statusOf.

// Serve enters the calling bot into the lobby (see [Referee.EnterLobby]) and streams the games
// assigned to it, and a ping at once (the bot is in) and every Config.PingInterval, until the bot
// closes the stream; the bot then leaves the lobby. InvalidArgument naming the field for a bad request; PermissionDenied
// for a name another key serves; Aborted when a newer Serve of the same bot supersedes this one;
// ResourceExhausted when the bot does not read its announcements.
//
// A request that names a tournament (ServeRequest.tournament_id) is served by the referee that
// runs it: forwarded there when another referee sharing the store does (see [Referee.routeLobby]),
// so that a bot reaches its tournament through any referee's address; the bot is seated at that
// tournament's games only. When the tournament ends the stream's last message is
// ServeResponse.tournament_ended, and it ends OK. Unavailable while the tournament changes
// referee, and when it moves away during the stream (the bot dials in again and is served by the
// new owner); NotFound for a tournament that does not exist, FailedPrecondition for one that has
// ended and for a bot that is not one of its entrants. Every stream ends Unavailable when the
// referee shuts down, and Canceled when the bot goes (its call cancelled or its connection gone).
func (s *Server) Serve(req *pb.ServeRequest, stream pb.LobbyService_ServeServer) error {
	if id := req.GetTournamentId(); id != "" {
		if err := checkID("tournament_id", id); err != nil {
			return statusOf(err)
		}
		addr, err := s.routeLobby(stream.Context(), id)
		if err != nil {
			return statusOf(err)
		}
		if addr != "" {
			return s.forwardStream(stream, addr, pb.LobbyService_Serve_FullMethodName, &pb.LobbyService_ServiceDesc.Streams[0], req,
				nil, func() proto.Message { return &pb.ServeResponse{} })
		}
	}
	p, err := s.Referee.EnterLobby(stream.Context(), req)
	if err != nil {
		return statusOf(err)
	}
	defer s.Referee.LeaveLobby(p)
	if id := req.GetTournamentId(); id != "" && s.tourneyMovedAway(id) {
		// It moved between routeLobby and EnterLobby, before tournamentMoved could see p.
		return statusOf(errorf(ErrMoving, "lobby bot %s: tournament %s has moved to another referee; dial in again to serve it there", p.Name, id))
	}
	tr, over := s.tourneyOver(req.GetTournamentId())
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
		case <-over:
			tr.mu.Lock()
			state := tr.state
			tr.mu.Unlock()
			return stream.Send(&pb.ServeResponse{Kind: &pb.ServeResponse_TournamentEnded{
				TournamentEnded: &pb.TournamentEnded{TournamentId: tr.id, State: tournamentStateToProto(state)}}})
		case <-stream.Context().Done():
			// The bot went (its process died, or it cancelled the call): Canceled, as seat and
			// spectator streams count it; ended OK, a crash read as a clean end on dashboards (an
			// operator's soak trial).
			return status.FromContextError(stream.Context().Err()).Err()
		case <-s.stop:
			return statusOf(errorf(ErrStopped, "lobby bot %s: this referee is shutting down; dial in again "+
				"(with a shared store, any referee serves the lobby of the tournament it names)", p.Name))
		}
		if err := stream.Send(m); err != nil {
			return err
		}
	}
}

// ListBots lists the bots present in the lobby, by name. With ListBotsRequest.tournament_id, the
// bots that serve that tournament, from the lobby of the referee that runs it: the call is
// forwarded there when another referee sharing the store does (a lobby bot's Serve is, so that is
// where its bots are). NotFound for a tournament that does not exist; Unavailable while it
// changes referee; none for one that has ended.
func (s *Server) ListBots(ctx context.Context, req *pb.ListBotsRequest) (*pb.ListBotsResponse, error) {
	id := req.GetTournamentId()
	if id == "" {
		return &pb.ListBotsResponse{Bots: s.Referee.ListBots()}, nil
	}
	if err := checkID("tournament_id", id); err != nil {
		return nil, statusOf(err)
	}
	addr, err := s.routeTournament(ctx, id)
	if err != nil {
		return nil, statusOf(err)
	}
	if addr != "" {
		resp := &pb.ListBotsResponse{}
		return resp, s.forwardUnary(ctx, addr, pb.LobbyService_ListBots_FullMethodName, req, resp)
	}
	if _, err := s.tourneyState(ctx, id); err != nil { // NotFound for a tournament that does not exist
		return nil, statusOf(err)
	}
	resp := &pb.ListBotsResponse{}
	for _, b := range s.Referee.ListBots() {
		if b.GetTournamentId() == id {
			resp.Bots = append(resp.Bots, b)
		}
	}
	return resp, nil
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

// tourneyOver returns tournament id as this referee knows it and the channel closed when it ends:
// a lobby stream that serves it then ends with ServeResponse.tournament_ended. A nil channel
// (never ready) for "" and for a tournament not in memory here.
func (s *Referee) tourneyOver(id string) (*tourney, <-chan struct{}) {
	if id == "" {
		return nil, nil
	}
	tr, err := s.tourneyByID(id)
	if err != nil {
		return nil, nil
	}
	return tr, tr.over
}
