package main

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/bezique-arena/bezique/internal/testpki"
	"github.com/bezique-arena/bezique/service"
)

// TestTLSCommands runs the commands that dial against a referee that requires client certificates
// (mTLS), with the CA and the client certificate given by the TLS flags: create, bot, tables,
// demo --server, loadtest --server (its workers get the flags). Without the flags, or with half of them, they fail.
func TestTLSCommands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir := t.TempDir()
	serverCA, clientCA := testpki.NewCA(t, "server CA"), testpki.NewCA(t, "client CA")
	srv, err := service.New(ctx, service.Config{Logger: quietLogger(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	g := grpc.NewServer(append(service.ServerOptions(nil), grpc.Creds(credentials.NewTLS(&tls.Config{
		Certificates: []tls.Certificate{serverCA.Issue(t, 1, "127.0.0.1").TLS(t)},
		ClientAuth:   tls.RequireAndVerifyClientCert, ClientCAs: clientCA.Pool()})))...)
	srv.Register(g)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = g.Serve(lis) }()
	defer g.Stop()
	addr := lis.Addr().String()
	certFile, keyFile := clientCA.Issue(t, 2).Write(t, dir, "client")
	conn := []string{"--server", addr, "--tls-ca", serverCA.WriteCA(t, dir, "ca.crt"), "--tls-cert", certFile, "--tls-key", keyFile}

	out, err := runCmd(ctx, append([]string{"create", "--option", "target=500", "--seat", "remote:me", "--seat", "builtin:random"}, conn...)...)
	if err != nil {
		t.Fatalf("create: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`table (\S+)\nseat 0 token (\S+)\n`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	out, err = runCmd(ctx, append([]string{"bot", "--table", m[1], "--seat", "0", "--token", m[2], "--bot", "random"}, conn...)...)
	if err != nil || !strings.Contains(out, "game over: completed, side ") {
		t.Fatalf("bot: %v\n%s", err, out)
	}
	if out, err = runCmd(ctx, append([]string{"tables"}, conn...)...); err != nil || !strings.Contains(out, m[1]) {
		t.Fatalf("tables: %v\n%s", err, out)
	}
	if out, err = runCmd(ctx, append([]string{"demo", "--bots", "random,random", "--option", "target=300", "--progress=false"}, conn...)...); err != nil {
		t.Fatalf("demo --server over mTLS: %v\n%s", err, out)
	}

	t.Setenv("BEZIQUE_TEST_MAIN", "1") // the load test's worker processes are this test binary
	if out, err = runCmd(ctx, append([]string{"loadtest", "--tables", "2", "--workers", "1", "--duration", "1s"}, conn...)...); err != nil || !strings.Contains(out, "\nerrors: 0\n") {
		t.Fatalf("loadtest --server over mTLS: %v\n%s", err, out)
	}

	if out, err = runCmd(ctx, "tables", "--server", addr); err == nil {
		t.Fatalf("tables in plaintext against a TLS referee succeeded:\n%s", out)
	}
	want := "--tls-ca/--tls-cert/--tls-key: botsdk: a client certificate needs both its certificate and its key file"
	if _, err = runCmd(ctx, "tables", "--server", addr, "--tls-cert", certFile); err == nil || err.Error() != want {
		t.Fatalf("--tls-cert without --tls-key: %v, want %q", err, want)
	}
}

// TestPlaintextToTLSRefereeSaysTLS is the regression test of a command without the TLS flags
// against a referee's port that serves TLS failing with grpc-go's words alone, "connection
// error: desc = \"error reading server preface: EOF\"", which said nothing of TLS: the error
// now says what the closed connection may mean and which flags to give.
func TestPlaintextToTLSRefereeSaysTLS(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	addr, ca := tlsReferee(ctx, t)
	// The TLS server closes the connection with the client's preface read or unread: grpc-go
	// then reads the end (EOF) or a reset, as the machine's timing has it.
	hint := ` (` + addr + ` closed the connection before answering: if the referee serves TLS, give --tls-ca FILE, or --tls for a certificate the system trusts)`
	var want []string
	for _, read := range []string{"EOF", "connection reset by peer"} {
		want = append(want, `rpc error: code = Unavailable desc = connection error: desc = "error reading server preface: `+read+`"`+hint)
	}
	for _, args := range [][]string{{"tables"}, {"watch", "t-1"}} {
		_, err := runCmd(ctx, append(args, "--server", addr)...)
		if err == nil || !strings.HasSuffix(err.Error(), want[0]) && !strings.HasSuffix(err.Error(), want[1]) {
			t.Errorf("%s in plaintext against a TLS referee: %v, want %q or %q", args[0], err, want[0], want[1])
		}
	}
	if out, err := runCmd(ctx, "tables", "--server", addr, "--tls-ca", ca.WriteCA(t, t.TempDir(), "ca.crt")); err != nil {
		t.Errorf("tables with --tls-ca: %v\n%s", err, out)
	}
}

// TestTLSCAFromEnvironment: a bot deployed with its settings in the environment (BEZIQUE_SERVER,
// BEZIQUE_KEY) had to pass --tls-ca as a flag; $BEZIQUE_TLS_CA is now --tls-ca's default, shown
// in --help. Against a real TLS referee: create and tables trust the CA from the environment,
// --tls-ca "" on the command line wins (plaintext, refused), a load test's in-process referee
// (plaintext) ignores the variable, and a `bezique match --cmd` bot program sees it empty.
func TestTLSCAFromEnvironment(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	addr, ca := tlsReferee(ctx, t)
	caFile := ca.WriteCA(t, t.TempDir(), "ca.crt")
	t.Setenv("BEZIQUE_TLS_CA", caFile)

	out, err := runCmd(ctx, "create", "--server", addr, "--seat", "builtin:random", "--seat", "builtin:random")
	if err != nil {
		t.Fatalf("create with $BEZIQUE_TLS_CA: %v\n%s", err, out)
	}
	id := regexp.MustCompile(`^table (t-[0-9a-f]+)\n`).FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("create printed:\n%s", out)
	}
	if out, err := runCmd(ctx, "tables", "--server", addr); err != nil || !strings.Contains(out, id[1]) {
		t.Errorf("tables with $BEZIQUE_TLS_CA: %v\n%s", err, out)
	}
	want := `(` + addr + ` closed the connection before answering: if the referee serves TLS, give --tls-ca FILE, or --tls for a certificate the system trusts)`
	if _, err := runCmd(ctx, "tables", "--server", addr, "--tls-ca", ""); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("tables --tls-ca \"\" with $BEZIQUE_TLS_CA: %v, want plaintext refused, ending %q", err, want)
	}
	help, err := runCmd(ctx, "tables", "--help")
	if line := `      --tls-ca string      PEM CA certificates to trust for the referee's certificate (implies --tls; default $BEZIQUE_TLS_CA) (default "` + caFile + `")` + "\n"; err != nil || !strings.Contains(help, line) {
		t.Errorf("tables --help: %v; want the line %q in:\n%s", err, line, help)
	}

	t.Setenv("BEZIQUE_TEST_MAIN", "1") // the load test's worker processes are this test binary
	if out, err := runCmd(ctx, "loadtest", "--tables", "1", "--workers", "1", "--duration", "1s"); err != nil || !strings.Contains(out, "\nerrors: 0\n") {
		t.Errorf("loadtest in this process with $BEZIQUE_TLS_CA: %v\n%s", err, out)
	}
	var env strings.Builder
	p, err := startBotProc("--cmd", `echo "BEZIQUE_TLS_CA=[$BEZIQUE_TLS_CA]"`, addr, "cmd-a", &env)
	if err != nil {
		t.Fatal(err)
	}
	<-p.exited
	if p.err != nil || env.String() != "cmd-a: BEZIQUE_TLS_CA=[]\n" {
		t.Errorf("a match's bot program: %v, printed %q; want cmd-a: BEZIQUE_TLS_CA=[]", p.err, env.String())
	}
}

// tlsReferee serves a referee on a port of 127.0.0.1 over TLS, with a certificate for 127.0.0.1
// issued by the returned CA, until the test ends, and returns the port's address.
func tlsReferee(ctx context.Context, t *testing.T) (string, *testpki.CA) {
	t.Helper()
	srv, err := service.New(ctx, service.Config{Logger: quietLogger(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ca := testpki.NewCA(t, "server CA")
	port, err := service.NewPort(lis, service.PortConfig{TLS: &tls.Config{Certificates: []tls.Certificate{ca.Issue(t, 1, "127.0.0.1").TLS(t)}},
		MaxConnectionIdle: service.DefaultMaxConnectionIdle}, srv.Register, service.ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(time.Second) })
	return lis.Addr().String(), ca
}
