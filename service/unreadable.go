package service

import (
	"context"
	"slices"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/codec"
)

// readable returns d with every handler checking the request messages it reads for codec.Server's
// mark of bytes it could not read (bytes that are not protobuf's wire format, a string that is
// not UTF-8): such a message ends the call InvalidArgument, "request protobuf: cannot parse
// invalid wire-format data" (unreadableStatus), as it ends over HTTP. grpc-go's own status for
// them was Internal, which clients take for the referee's failure and retry.
func readable(d *grpc.ServiceDesc) *grpc.ServiceDesc {
	c := *d
	c.Methods = slices.Clone(d.Methods)
	for i, m := range c.Methods {
		h := m.Handler
		c.Methods[i].Handler = func(srv any, ctx context.Context, dec func(any) error, in grpc.UnaryServerInterceptor) (any, error) {
			return h(srv, ctx, func(v any) error {
				if err := dec(v); err != nil {
					return err
				}
				return unreadableStatus(v)
			}, in)
		}
	}
	c.Streams = slices.Clone(d.Streams)
	for i, sd := range c.Streams {
		h := sd.Handler
		c.Streams[i].Handler = func(srv any, ss grpc.ServerStream) error { return h(srv, readableStream{ss}) }
	}
	return &c
}

// readableStream is a server stream whose RecvMsg checks what it reads (unreadableStatus).
type readableStream struct{ grpc.ServerStream }

// RecvMsg reads the stream's next message into m: the stream's error, or unreadableStatus's.
func (s readableStream) RecvMsg(m any) error {
	if err := s.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return unreadableStatus(m)
}

// unreadableStatus returns InvalidArgument, "request protobuf: " and the decoding error, for a
// message that codec.Server could not read (codec.Unreadable); nil for one it read.
func unreadableStatus(v any) error {
	m, ok := v.(proto.Message)
	if !ok {
		return nil
	}
	if err := codec.Unreadable(m); err != nil {
		return status.Error(codes.InvalidArgument, badProtobuf+protoErrText(err.Error()))
	}
	return nil
}
