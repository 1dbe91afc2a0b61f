package service

import (
	"context"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

// The TableService handlers: each checks the fields that only the request message has, calls the
// [Referee] and turns its error into a status by statusOf.

// CreateTable creates a table (see [Referee.CreateTable]): InvalidArgument naming the field for a
// bad request, Unavailable while draining, ResourceExhausted at Config.MaxTables.
func (s *Server) CreateTable(ctx context.Context, in *pb.CreateTableRequest) (*pb.CreateTableResponse, error) {
	resp, err := s.Referee.CreateTable(ctx, in)
	return resp, statusOf(err)
}

// GetTable returns a table's info, without the scores and last seq of a tournament's game in play
// that the caller may not watch (Referee.hideSharedProgress). NotFound for an unknown table.
func (s *Server) GetTable(ctx context.Context, req *pb.GetTableRequest) (*pb.GetTableResponse, error) {
	if err := checkID("table_id", req.GetTableId()); err != nil {
		return nil, statusOf(err)
	}
	if addr, err := s.route(ctx, req.GetTableId()); err != nil || addr != "" {
		if err != nil {
			return nil, statusOf(err)
		}
		resp := &pb.GetTableResponse{}
		return resp, s.forwardUnary(ctx, addr, pb.TableService_GetTable_FullMethodName, req, resp)
	}
	ti, err := s.Referee.GetTable(ctx, req.GetTableId())
	if err != nil {
		return nil, statusOf(err)
	}
	infos := []*pb.TableInfo{ti}
	s.Referee.hideSharedProgress(ctx, infos)
	return &pb.GetTableResponse{Table: infos[0]}, nil
}

// ListTables lists tables, oldest first, optionally only those in one state, or only those of
// table_ids (see [Referee.ListTables]). Pages of page_size (default 50, at most 1 000);
// next_page_token is empty on the last page. A tournament's game in play that the caller may not
// watch is listed without its scores and last seq (Referee.hideSharedProgress). InvalidArgument naming the field for a malformed
// page_token, more than 1 000 table_ids, or table_ids with page_token or state.
func (s *Server) ListTables(ctx context.Context, req *pb.ListTablesRequest) (*pb.ListTablesResponse, error) {
	resp, err := s.Referee.ListTables(ctx, req)
	if err == nil {
		s.Referee.hideSharedProgress(ctx, resp.Tables)
	}
	return resp, statusOf(err)
}

// CancelTable ends a table in play without a result (outcome CANCELLED); every seat and watcher
// is told. NotFound for an unknown table, FailedPrecondition for a table that has ended.
func (s *Server) CancelTable(ctx context.Context, req *pb.CancelTableRequest) (*pb.CancelTableResponse, error) {
	if err := checkID("table_id", req.GetTableId()); err != nil {
		return nil, statusOf(err)
	}
	if addr, err := s.route(ctx, req.GetTableId()); err != nil || addr != "" {
		if err != nil {
			return nil, statusOf(err)
		}
		resp := &pb.CancelTableResponse{}
		return resp, s.forwardUnary(ctx, addr, pb.TableService_CancelTable_FullMethodName, req, resp)
	}
	ti, err := s.Referee.CancelTable(ctx, req.GetTableId(), req.GetReason())
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.CancelTableResponse{Table: ti}, nil
}

// GetRecord returns the record of an ended game, with the seed revealed. FailedPrecondition while
// the game is in play (the seed stays secret until the end), and for a tournament's game while
// another game on the same cards is (Referee.RecordWithheld); NotFound for an unknown table;
// Unauthenticated for a caller without a key and a table that is not public.
func (s *Server) GetRecord(ctx context.Context, req *pb.GetRecordRequest) (*pb.GetRecordResponse, error) {
	if err := checkID("table_id", req.GetTableId()); err != nil {
		return nil, statusOf(err)
	}
	rec, err := s.revealedRecord(ctx, req.GetTableId())
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.GetRecordResponse{Record: rec}, nil
}

// revealedRecord is the record of an ended game as the API gives it: Referee.GetRecord, refused
// while a tournament plays its cards on another table (Referee.RecordWithheld), and to a caller
// without a key (a spectator) unless the table is public (Referee.GetTable's refusal).
func (s *Server) revealedRecord(ctx context.Context, id string) (*pb.GameRecord, error) {
	if PrincipalFrom(ctx).Role == RoleSpectator {
		if _, err := s.Referee.GetTable(ctx, id); err != nil {
			return nil, err
		}
	}
	rec, err := s.Referee.GetRecord(ctx, id)
	if err == nil {
		err = s.Referee.RecordWithheld(ctx, id)
	}
	return rec, err
}

// ListGames lists ended games, most recent first, filtered by bot name, variant, outcome and
// finish time. It needs a store; without one it lists the ended games still in memory.
func (s *Server) ListGames(ctx context.Context, req *pb.ListGamesRequest) (*pb.ListGamesResponse, error) {
	resp, err := s.Referee.ListGames(ctx, req)
	return resp, statusOf(err)
}

// GetRuleCatalog returns the engine's option catalog: every rule option of RULES.md §5 that
// CreateTable knows, with its type, values and defaults, and this referee's limit on top: the
// target's max is Config.MaxTarget where that is lower than the engine's (a form built from the
// catalog offered targets that CreateTable refused, an integrator's trial).
func (s *Server) GetRuleCatalog(context.Context, *pb.GetRuleCatalogRequest) (*pb.GetRuleCatalogResponse, error) {
	specs := engine.OptionCatalog()
	for i := range specs {
		if specs[i].Name == "target" {
			specs[i].Max = min(specs[i].Max, s.cfg.MaxTarget)
		}
	}
	return &pb.GetRuleCatalogResponse{Options: wire.RuleCatalogToProto(specs)}, nil
}
