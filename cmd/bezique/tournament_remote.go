package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// tournamentAPI is what the tournament commands ask of a referee: an in-process one
// (*service.Referee on --store) or a running one over gRPC ([remoteTournaments], --server).
type tournamentAPI interface {
	CreateTournament(ctx context.Context, spec tournament.Spec, seed *engine.Seed) (*service.Tournament, error)
	GetTournament(ctx context.Context, id string) (*service.Tournament, error)
	WatchTournament(ctx context.Context, id string, fn func(service.TournamentUpdate) error) error
	CancelTournament(ctx context.Context, id, reason string) (*service.Tournament, error)
}

// remoteTournaments is a running referee's TournamentService, and its TableService for the
// records of a tournament's games.
type remoteTournaments struct {
	c      pb.TournamentServiceClient
	tables pb.TableServiceClient
}

// dialTournaments connects to the referee of conn with key.
func dialTournaments(conn connFlags, key string) (remoteTournaments, *grpc.ClientConn, error) {
	cc, err := conn.dial(key)
	if err != nil {
		return remoteTournaments{}, nil, err
	}
	return remoteTournaments{c: pb.NewTournamentServiceClient(cc), tables: pb.NewTableServiceClient(cc)}, cc, nil
}

// CreateTournament calls CreateTournament.
func (r remoteTournaments) CreateTournament(ctx context.Context, spec tournament.Spec, seed *engine.Seed) (*service.Tournament, error) {
	req := &pb.CreateTournamentRequest{Spec: service.SpecToProto(spec)}
	if seed != nil {
		req.Seed = seed[:]
	}
	resp, err := r.c.CreateTournament(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("CreateTournament: %w", err)
	}
	return service.TournamentFromProto(resp.GetTournament(), nil)
}

// GetTournament calls GetTournament.
func (r remoteTournaments) GetTournament(ctx context.Context, id string) (*service.Tournament, error) {
	resp, err := r.c.GetTournament(ctx, &pb.GetTournamentRequest{TournamentId: id})
	if err != nil {
		return nil, fmt.Errorf("GetTournament: %w", err)
	}
	return service.TournamentFromProto(resp.GetTournament(), resp.GetResults())
}

// WatchTournament follows WatchTournament's stream to the tournament's end, calling fn with each
// message's results and the standings recomputed from every result so far. A stream that ends
// Unavailable (the referee stopped) is an error that says the tournament goes on and how to
// follow it again.
func (r remoteTournaments) WatchTournament(ctx context.Context, id string, fn func(service.TournamentUpdate) error) error {
	tn, err := r.GetTournament(ctx, id)
	if err != nil {
		return err
	}
	stream, err := r.c.WatchTournament(ctx, &pb.WatchTournamentRequest{TournamentId: id})
	if err != nil {
		return fmt.Errorf("WatchTournament: %w", err)
	}
	var all []tournament.Result
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if status.Code(err) == codes.Unavailable && ctx.Err() == nil {
			return fmt.Errorf("WatchTournament: %w; the tournament is not lost: it goes on when the referee starts again, "+
				"or at once on another referee sharing its store (docs/OPERATIONS.md); follow it again with "+
				"\"bezique tournament watch --server HOST:PORT %s\"", err, id)
		}
		if err != nil {
			return fmt.Errorf("WatchTournament: %w", err)
		}
		u := service.TournamentUpdate{Results: service.ResultsFromProto(m.GetResults()), State: store.TournamentRunning}
		all = append(all, u.Results...)
		u.Standings = tournament.Compute(&tn.Spec, all)
		if m.GetState() == pb.TournamentState_TOURNAMENT_STATE_FINISHED {
			u.State = store.TournamentFinished
		} else if m.GetState() == pb.TournamentState_TOURNAMENT_STATE_CANCELLED {
			u.State = store.TournamentCancelled
		}
		if err := fn(u); err != nil {
			return err
		}
	}
}

// CancelTournament calls CancelTournament, then GetTournament for the results the cancelled
// tournament kept (CancelTournamentResponse has none).
func (r remoteTournaments) CancelTournament(ctx context.Context, id, reason string) (*service.Tournament, error) {
	if _, err := r.c.CancelTournament(ctx, &pb.CancelTournamentRequest{TournamentId: id, Reason: reason}); err != nil {
		return nil, fmt.Errorf("CancelTournament: %w", err)
	}
	return r.GetTournament(ctx, id)
}

// GetRecord calls TableService.GetRecord.
func (r remoteTournaments) GetRecord(ctx context.Context, tableID string) (*pb.GameRecord, error) {
	resp, err := r.tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: tableID})
	if err != nil {
		return nil, fmt.Errorf("GetRecord %s: %w", tableID, err)
	}
	return resp.GetRecord(), nil
}
