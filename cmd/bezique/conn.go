package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// connFlags say how a command reaches a referee: its address and, for TLS, the CA to trust and the
// client certificate that mTLS asks for.
type connFlags struct {
	server   string
	tls      bool
	caFile   string
	certFile string
	keyFile  string
	// timeout is --timeout: the bound of each unary call (boundCall).
	timeout time.Duration
}

// defaultCallTimeout is --timeout's default: a minute, as the referee's --call-timeout.
const defaultCallTimeout = time.Minute

// boundCall returns the unary interceptor that gives each call without a deadline, its retries
// included, the bound d, and says so when it runs out; but Challenge's, which waits by design
// while a named bot has no free place. A referee that does not answer (its PostgreSQL stopped
// with SIGSTOP or hung, which no TCP timeout notices) kept the command waiting for ever. A
// DEADLINE_EXCEEDED that the referee answered before the bound ran out is returned as it is (it
// was reported as "no answer in 1m0s" after 10 s, an outside trial).
func boundCall(d time.Duration) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		if _, ok := ctx.Deadline(); ok || method == pb.LobbyService_Challenge_FullMethodName {
			return invoker(ctx, method, req, reply, cc, opts...)
		}
		bounded, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		err := invoker(bounded, method, req, reply, cc, opts...)
		// The bound ran out when its deadline has passed, though its timer may not have
		// fired yet: the referee, which has the deadline too, can end the call first (a CI
		// run: "stream terminated by RST_STREAM with error code: CANCEL after 303ms", with
		// bounded.Err() still nil).
		deadline, _ := bounded.Deadline()
		if status.Code(err) == codes.DeadlineExceeded && !time.Now().Before(deadline) && ctx.Err() == nil {
			return status.Errorf(codes.DeadlineExceeded, "no answer from the referee in %v (is its store out of reach? --timeout waits longer)", d)
		}
		return err
	}
}

// tlsCAEnv is the environment variable that is --tls-ca's default, so that a bot configured by
// its environment ($BEZIQUE_SERVER, $BEZIQUE_KEY) trusts its referee's private CA the same way.
// The client certificate pair has no variable: BEZIQUE_TLS_CERT and BEZIQUE_TLS_KEY are the
// referee's own certificate (its --tls-cert and --tls-key), set in its container, where this
// CLI runs too.
const tlsCAEnv = "BEZIQUE_TLS_CA"

// register adds --server (defaulting to server) and the TLS flags to f; --tls-ca defaults to
// $BEZIQUE_TLS_CA. The address, given or default ($BEZIQUE_SERVER), is kept without surrounding
// whitespace (see serverValue).
func (c *connFlags) register(f *pflag.FlagSet, server, serverUsage string) {
	c.server = strings.TrimSpace(server)
	f.Var((*serverValue)(&c.server), "server", serverUsage)
	f.BoolVar(&c.tls, "tls", false, "connect with TLS, trusting the system's roots (or --tls-ca)")
	f.StringVar(&c.caFile, "tls-ca", os.Getenv(tlsCAEnv), "PEM CA certificates to trust for the referee's certificate (implies --tls; default $"+tlsCAEnv+")")
	f.StringVar(&c.certFile, "tls-cert", "", "PEM client certificate, for a referee that requires one (mTLS; implies --tls)")
	f.StringVar(&c.keyFile, "tls-key", "", "PEM private key of --tls-cert")
	f.DurationVar(&c.timeout, "timeout", defaultCallTimeout, "how long to wait for the referee's answer to each call (not a challenge's, which waits for a bot's free place; not a stream's)")
}

// serverValue is --server's value: a referee's address without its surrounding whitespace. One
// read from a file or a Kubernetes Secret ends with a newline, which grpc-go refused ("invalid
// control character in URL"), and one with spaces resolved to no address ("produced zero
// addresses"), or was refused by loadtest as not on loopback.
type serverValue string

// Set implements [pflag.Value].
func (v *serverValue) Set(s string) error {
	*v = serverValue(strings.TrimSpace(s))
	return nil
}

// String implements [pflag.Value].
func (v *serverValue) String() string { return string(*v) }

// Type implements [pflag.Value]: "string", as --server's help shows it.
func (v *serverValue) Type() string { return "string" }

// tlsArgs returns the TLS flags that give a child process (a load test's worker) these flags'
// TLS: none for plaintext.
func (c connFlags) tlsArgs() []string {
	var args []string
	for _, f := range []struct{ name, value string }{{"--tls-ca", c.caFile}, {"--tls-cert", c.certFile}, {"--tls-key", c.keyFile}} {
		if f.value != "" {
			args = append(args, f.name, f.value)
		}
	}
	if c.tls {
		args = append(args, "--tls")
	}
	return args
}

// tlsConfig returns the client TLS configuration these flags ask for, or nil for plaintext.
func (c connFlags) tlsConfig() (*tls.Config, error) {
	if !c.tls && c.caFile == "" && c.certFile == "" && c.keyFile == "" {
		return nil, nil
	}
	cfg, err := botsdk.TLSConfig(c.caFile, c.certFile, c.keyFile)
	if err != nil {
		return nil, fmt.Errorf("--tls-ca/--tls-cert/--tls-key: %w", err)
	}
	return cfg, nil
}

// retryAttempts is how many times a command makes a call that the referee refuses with a
// RetryInfo, waiting the delay it states in between (botsdk.RetryInterceptor): a rate limit, or
// a table or tournament moving to another referee, which the referee asks to retry every second
// and which takes up to 10 s (2*store.LeaseTTL): 12 calls wait 11 s at least.
const retryAttempts = 12

// maxAnswerBytes is the largest answer the commands read, in bytes (grpc-go's default is 4 MiB):
// a tournament's results and standings, about 64 bytes a game in binary protobuf, pass 4 MiB at
// some 66 000 games (a schedule has up to tournament.MaxGames, 1 000 000), and `tournament
// standings --server` failed RESOURCE_EXHAUSTED on every larger one.
const maxAnswerBytes = 256 << 20

// dial connects to the referee at c.server, with TLS if the flags ask for it, sending key as the
// API key on every call ("" for none); a call refused by a rate limit or while its table moves is
// made again after the delay the refusal states, up to retryAttempts times and 30 s of waiting
// (botsdk.DefaultTakeoverWait; a longer delay is returned at once). Without TLS, a connection
// the referee closed before answering says TLS may be why, and one that could not be made
// names the address (hint). An address given as a web
// URL is refused (botsdk.CheckServer).
func (c connFlags) dial(key string) (*grpc.ClientConn, error) {
	if err := botsdk.CheckServer(c.server); err != nil {
		return nil, fmt.Errorf("--server: %w", err)
	}
	t, err := c.tlsConfig()
	if err != nil {
		return nil, err
	}
	creds := insecure.NewCredentials()
	unary := []grpc.UnaryClientInterceptor{boundCall(cmp.Or(c.timeout, defaultCallTimeout)), botsdk.RetryInterceptor(retryAttempts, warnLogger(os.Stderr))}
	if t != nil {
		creds = credentials.NewTLS(t)
	}
	unary = append(unary, func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return c.hint(invoker(ctx, method, req, reply, cc, opts...), t == nil)
	})
	stream := func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
		s, err := streamer(ctx, desc, cc, method, opts...)
		return s, c.hint(err, t == nil)
	}
	opts := append(botsdk.WindowOptions(), grpc.WithTransportCredentials(creds), grpc.WithChainUnaryInterceptor(unary...), grpc.WithStreamInterceptor(stream),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxAnswerBytes)))
	if key != "" {
		opts = append(opts, grpc.WithPerRPCCredentials(botsdk.KeyCredentials(key)))
	}
	cc, err := grpc.NewClient(c.server, opts...)
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", c.server, err)
	}
	return cc, nil
}

// hint returns err of a call with what it may mean when no connection to the referee could be
// made (grpc-go's "Error while dialing": nothing listens at the address; "name resolver error":
// its host does not resolve; `bezique watch` to a dead address printed grpc-go's words alone),
// or, when the call was made without TLS (plaintext), when the referee closed the connection
// before its HTTP/2 preface (botsdk.ClosedBeforePreface: it may serve TLS), or when the referee
// has no such service or method (an older build); every other error (nil too) as it is.
func (c connFlags) hint(err error, plaintext bool) error {
	switch {
	case status.Code(err) == codes.Unavailable && (strings.Contains(err.Error(), "Error while dialing") || strings.Contains(err.Error(), "name resolver error")):
		return status.Errorf(codes.Unavailable, "%s (no referee answers at %s: is bezique-referee running there? The address is --server, default $%s)", status.Convert(err).Message(), c.server, serverEnv)
	case plaintext && botsdk.ClosedBeforePreface(err):
		return status.Errorf(codes.Unavailable, "%s (%s closed the connection before answering: if the referee serves TLS, give --tls-ca FILE, or --tls for a certificate the system trusts)", status.Convert(err).Message(), c.server)
	case status.Code(err) == codes.Unimplemented && (strings.HasPrefix(status.Convert(err).Message(), "unknown service ") || strings.HasPrefix(status.Convert(err).Message(), "unknown method ")):
		// grpc-go's words alone left a person to guess that the referee is older (an upgrade trial).
		return status.Errorf(codes.Unimplemented, "%s (the referee at %s does not have this call: it is an older build than this bezique; compare bezique-referee --version there with bezique --version)", status.Convert(err).Message(), c.server)
	}
	return err
}
