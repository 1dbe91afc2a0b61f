package service

import (
	"context"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// The KeyService handlers (admin keys only, by the authorization table): each calls the
// [Referee] and turns its error into a status by statusOf.

// CreateKey creates an API key and returns its secret, once (see [Referee.CreateKey]):
// InvalidArgument naming the field for a bad name, role or owner; AlreadyExists for a name that a
// key not revoked has, in any case and width or in look-alike letters (nameFree); FailedPrecondition when authentication is off.
func (s *Server) CreateKey(ctx context.Context, req *pb.CreateKeyRequest) (*pb.CreateKeyResponse, error) {
	resp, err := s.Referee.CreateKey(ctx, req)
	return resp, statusOf(err)
}

// ListKeys lists every API key, oldest first; never a secret.
func (s *Server) ListKeys(ctx context.Context, _ *pb.ListKeysRequest) (*pb.ListKeysResponse, error) {
	keys, err := s.Referee.ListKeys(ctx)
	if err != nil {
		return nil, statusOf(err)
	}
	return &pb.ListKeysResponse{Keys: keys}, nil
}

// RevokeKey revokes an API key: NotFound for an unknown key, AlreadyExists for a key already
// revoked.
func (s *Server) RevokeKey(ctx context.Context, req *pb.RevokeKeyRequest) (*pb.RevokeKeyResponse, error) {
	if err := checkID("key_id", req.GetKeyId()); err != nil {
		return nil, statusOf(err)
	}
	k, err := s.Referee.RevokeKey(ctx, req.GetKeyId())
	if err != nil {
		return nil, statusOf(err)
	}
	s.endStreamsOf(k.GetKeyId(), k.GetRevokeTime().AsTime())
	return &pb.RevokeKeyResponse{Key: k}, nil
}

// ListAuditEvents lists the operator actions, most recent first: InvalidArgument for a malformed
// page_token.
func (s *Server) ListAuditEvents(ctx context.Context, req *pb.ListAuditEventsRequest) (*pb.ListAuditEventsResponse, error) {
	resp, err := s.Referee.ListAuditEvents(ctx, req)
	return resp, statusOf(err)
}
