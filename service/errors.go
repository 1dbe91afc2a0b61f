package service

import (
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// engineCodes is the one table from engine refusals to gRPC codes: a rule violation is
// FailedPrecondition, malformed input InvalidArgument; never Unknown.
var engineCodes = map[engine.ErrorCode]codes.Code{
	engine.CodeMalformed:   codes.InvalidArgument,
	engine.CodeNotYourTurn: codes.FailedPrecondition,
	engine.CodeRule:        codes.FailedPrecondition,
	engine.CodeGameOver:    codes.FailedPrecondition,
}

// rejectionCodes maps engine refusals to the codes of a seat's Rejection message.
var rejectionCodes = map[engine.ErrorCode]pb.RejectionCode{
	engine.CodeMalformed:   pb.RejectionCode_REJECTION_CODE_MALFORMED,
	engine.CodeNotYourTurn: pb.RejectionCode_REJECTION_CODE_ILLEGAL_ACTION,
	engine.CodeRule:        pb.RejectionCode_REJECTION_CODE_ILLEGAL_ACTION,
	engine.CodeGameOver:    pb.RejectionCode_REJECTION_CODE_STALE_REQUEST,
}

// statusOf returns the gRPC status of an error: engine refusals by the table above, store
// errors NotFound / AlreadyExists / InvalidArgument / Unavailable, statuses as they are, and
// Internal for anything else.
func statusOf(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	var ee *engine.Error
	switch {
	case errors.As(err, &ee):
		return status.Error(engineCodes[ee.Code], ee.Error())
	case errors.Is(err, store.ErrNotFound):
		return status.Error(codes.NotFound, err.Error())
	case errors.Is(err, store.ErrConflict):
		return status.Error(codes.AlreadyExists, err.Error())
	case errors.Is(err, store.ErrInvalid):
		return status.Error(codes.InvalidArgument, err.Error())
	case errors.Is(err, store.ErrClosed):
		return status.Error(codes.Unavailable, err.Error())
	}
	return status.Error(codes.Internal, err.Error())
}

// invalid returns an InvalidArgument status naming the field.
func invalid(field, format string, args ...any) error {
	return status.Errorf(codes.InvalidArgument, field+": "+format, args...)
}
