package service

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// requestMistakes is the stream interceptor (in ServerOptions) that gives a caller's mistake in
// its stream's request the status it is given over HTTP (requestRefusals) where the stream's
// handler reads the request (RecvMsg, through requestMistake), so that the status the handler
// returns, which every interceptor sees wherever it stands in the chain
// (grpc_server_handled_total's code and LogFailures' among them), is the caller's. grpc-go
// refuses a request missing, doubled or cut short with Internal, and a message the HTTP layer
// refused with Unavailable, the code of drains and handovers: an HTTP bot author's trial found a
// body cut short logged "call failed" at ERROR and counted towards BeziqueGRPCErrorRateHigh. What
// a native gRPC client is sent does not change: grpc-go writes its status when the read fails
// (docs/INTEGRATE.md).
func requestMistakes(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return handler(srv, mistakeReader{ss})
}

// mistakeReader is a stream whose RecvMsg errors go through requestMistake.
type mistakeReader struct{ grpc.ServerStream }

// RecvMsg is the stream's, its error through requestMistake.
func (s mistakeReader) RecvMsg(m any) error { return requestMistake(s.ServerStream.RecvMsg(m)) }

// requestMistake returns err, or the status a caller is given over HTTP (requestRefusals) when
// err is grpc-go's refusal of the request's framing: INVALID_ARGUMENT for Internal's three, and
// for a stream message the HTTP layer refused (streamRefusals: too large, flagged compressed, or
// the bytes still arriving over budget), which grpc-go ends UNAVAILABLE, the code it was given.
func requestMistake(err error) error {
	st, ok := status.FromError(err)
	if !ok {
		return err
	}
	if code, refused := streamRefusals[st.Message()]; refused && st.Code() == codes.Unavailable {
		return status.Error(code, st.Message())
	}
	if st.Code() != codes.Internal {
		return err
	}
	switch st.Message() {
	case grpcNoRequest:
		return status.Error(codes.InvalidArgument, noRequestMessage)
	case grpcManyRequests:
		return status.Error(codes.InvalidArgument, manyRequestsMessage)
	case grpcCutRequest:
		return status.Error(codes.InvalidArgument, cutRequestMessage)
	}
	return err
}
