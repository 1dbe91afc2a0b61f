package service

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// unreadStream is the forwarding referee's side of a client that never reads its stream: each
// SendMsg waits until the stream's context ends, as grpc-go's does once the client's window
// and the stream's write quota are spent.
type unreadStream struct{ ctx context.Context }

func (s unreadStream) SetHeader(metadata.MD) error  { return nil }
func (s unreadStream) SendHeader(metadata.MD) error { return nil }
func (s unreadStream) SetTrailer(metadata.MD)       {}
func (s unreadStream) Context() context.Context     { return s.ctx }
func (s unreadStream) RecvMsg(any) error            { return nil }
func (s unreadStream) SendMsg(any) error {
	<-s.ctx.Done()
	return s.ctx.Err()
}

// TestForwardedStreamNotRead: a stream forwarded to a table's owner whose client does not read
// it has the owner's call cancelled once a message has waited the stall (half the forwarding
// referee's --send-stall), so the owner frees it at once (its watcher ends); the forwarded stream
// ends ResourceExhausted, naming the owner and the wait, when its send ends. Before, the owner's
// stream stayed open behind it, its window to the forwarding referee shut, and the owner's port
// closed that whole connection, every stream forwarded on it, at its own --send-stall
// (unreadWatch).
func TestForwardedStreamNotRead(t *testing.T) {
	owner := startLoopbackReferee(t)
	resp, err := owner.tables.CreateTable(t.Context(), twoRemote(true))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	clientCtx, clientGone := context.WithCancel(t.Context())
	defer clientGone()
	const stall = time.Second
	ended := make(chan error, 1)
	go func() {
		ended <- owner.srv.Referee.pipe(ctx, cancel, unreadStream{clientCtx}, owner.cc, "owner:1", pb.TableService_WatchTable_FullMethodName,
			&pb.TableService_ServiceDesc.Streams[0], &pb.WatchTableRequest{TableId: resp.GetTableId()},
			func() proto.Message { return &pb.WatchTableRequest{} }, func() proto.Message { return &pb.WatchTableResponse{} }, stall)
	}()
	owner.awaitWatchers(t, "ip:127.0.0.1", 1)
	start := time.Now()
	owner.awaitWatchers(t, "ip:127.0.0.1", 0)
	if d := time.Since(start); d > stall+time.Second {
		t.Errorf("the owner's watch ended %v after it began, want within %v", d, stall)
	}
	select {
	case err := <-ended:
		t.Fatalf("the forwarded stream ended before its client: %v", err)
	default:
	}
	clientGone()
	err = <-ended
	if s := status.Convert(err); s.Code() != codes.ResourceExhausted ||
		s.Message() != "a message forwarded from the referee that owns it waited 1s for the client to read its stream; reconnect" {
		t.Errorf("the forwarded stream ended %v, want ResourceExhausted naming the owner and the wait", err)
	}
}
