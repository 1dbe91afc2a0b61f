package service

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// requestMistakes is the stream interceptor (in ServerOptions) that turns grpc-go's Internal
// refusal of a stream's request, none before the body ended (grpcNoRequest), more than one for a
// server stream (grpcManyRequests) or one cut short (grpcCutRequest), into INVALID_ARGUMENT with
// noRequestMessage, manyRequestsMessage or cutRequestMessage where the stream's handler reads it
// (RecvMsg), so that the status it returns, which every interceptor sees wherever it stands in
// the chain, grpc_server_handled_total's code and LogFailures' among them, is the caller's. They counted as the referee's failures: an HTTP bot author's trial
// found a body cut short logged "call failed", code Internal, while the client was answered
// INVALID_ARGUMENT (requestRefusals), and each one counted towards BeziqueGRPCErrorRateHigh.
// What a native gRPC client is sent does not change: grpc-go writes its status when the read
// fails (docs/INTEGRATE.md).
func requestMistakes(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return handler(srv, mistakeReader{ss})
}

// mistakeReader is a stream whose RecvMsg errors go through requestMistake.
type mistakeReader struct{ grpc.ServerStream }

// RecvMsg is the stream's, its error through requestMistake.
func (s mistakeReader) RecvMsg(m any) error { return requestMistake(s.ServerStream.RecvMsg(m)) }

// requestMistake returns err, or INVALID_ARGUMENT with the message a caller is given over HTTP
// when err is grpc-go's Internal refusal of the request's framing.
func requestMistake(err error) error {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.Internal {
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
