package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// localReferee is a referee served in this process on a loopback port, in memory, or (srv nil)
// a connection to a referee elsewhere.
type localReferee struct {
	addr   string
	tls    *tls.Config // nil: plaintext
	srv    *service.Server
	grpc   *grpc.Server
	cc     *grpc.ClientConn
	tables pb.TableServiceClient
}

// warnLogger logs warnings (a lost connection, a retry) and errors to w, as cliAttr writes them.
func warnLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn, ReplaceAttr: cliAttr}))
}

// quietLogger logs errors only, to w, as cliAttr writes them.
func quietLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelError, ReplaceAttr: cliAttr}))
}

// cliAttr is how the commands' log lines read: without a time (a person reads them as they come,
// amid the command's own lines) and with an error's gRPC status as the command reports one
// ("Unavailable: …", not grpc-go's "rpc error: code = Unavailable desc = …", errorText).
func cliAttr(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	if err, ok := a.Value.Any().(error); ok {
		return slog.String(a.Key, grpcStatusText.ReplaceAllString(err.Error(), "$1: "))
	}
	return a
}

// startReferee starts an in-memory referee on listen ("": 127.0.0.1:0, a free loopback port) and
// a client of its TableService. It returns the listener's error, naming listen.
func startReferee(ctx context.Context, logs io.Writer, listen string) (*localReferee, error) {
	srv, err := service.New(ctx, service.Config{Logger: quietLogger(logs)})
	if err != nil {
		return nil, err
	}
	lis, err := net.Listen("tcp", cmp.Or(listen, "127.0.0.1:0"))
	if err != nil {
		srv.Close()
		return nil, fmt.Errorf("--listen: %w", err)
	}
	g := grpc.NewServer(service.ServerOptions(nil)...)
	srv.Register(g)
	go func() { _ = g.Serve(lis) }()
	r := &localReferee{addr: lis.Addr().String(), srv: srv, grpc: g}
	if r.cc, err = (connFlags{server: r.addr}).dial(""); err != nil {
		r.Close()
		return nil, err
	}
	r.tables = pb.NewTableServiceClient(r.cc)
	return r, nil
}

// connectReferee connects to a running referee as conn says, sending key ("" for none).
func connectReferee(conn connFlags, key string) (*localReferee, error) {
	t, err := conn.tlsConfig()
	if err != nil {
		return nil, err
	}
	cc, err := conn.dial(key)
	if err != nil {
		return nil, err
	}
	return &localReferee{addr: conn.server, tls: t, cc: cc, tables: pb.NewTableServiceClient(cc)}, nil
}

// Close stops the referee (or closes the connection to a remote one).
func (r *localReferee) Close() {
	if r.cc != nil {
		r.cc.Close()
	}
	if r.srv != nil {
		r.grpc.Stop()
		r.srv.Close()
	}
}

// fetchRecord waits up to 10 s for a finished table's record (the referee writes it just after the
// game); it returns at once the error of a caller who may not read it (PermissionDenied,
// Unauthenticated), wrapped.
func fetchRecord(ctx context.Context, tables pb.TableServiceClient, id string) (*pb.GameRecord, error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := tables.GetRecord(ctx, &pb.GetRecordRequest{TableId: id})
		if err == nil {
			return got.GetRecord(), nil
		}
		if c := status.Code(err); c == codes.PermissionDenied || c == codes.Unauthenticated || time.Now().After(deadline) || ctx.Err() != nil {
			return nil, fmt.Errorf("GetRecord %s: %w", id, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// keyEnv is the environment variable that holds the API key when --key is not given.
const keyEnv = "BEZIQUE_KEY"

// apiKey returns the API key for cmd's calls: --key, else $BEZIQUE_KEY, else "".
func apiKey(cmd *cobra.Command) string {
	if k, _ := cmd.Flags().GetString("key"); k != "" {
		return k
	}
	return os.Getenv(keyEnv)
}
