package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestAuthE2E: the binary with --admin-key-file refuses calls without a key, serves the health
// check to anyone, creates keys with the admin key and tables with an organiser key; without an
// admin key it runs open and says so, and it refuses to start on a store holding keys not
// revoked (an operator's trial: a keyless referee took its peers' tables over and let anyone
// cancel them).
func TestAuthE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildReferee(t)
	admin := "bzq_e2e-admin-key-0123456789abcdef"
	file := filepath.Join(t.TempDir(), "admin.key")
	if err := os.WriteFile(file, []byte(admin+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	db := "sqlite:" + filepath.Join(t.TempDir(), "keys.db")
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", db, "--admin-key-file", file)
	cc := dialReferee(t, p.addr)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	with := func(key string) context.Context {
		return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+key)
	}
	tables, keys := pb.NewTableServiceClient(cc), pb.NewKeyServiceClient(cc)

	if _, err := tables.ListTables(ctx, &pb.ListTablesRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("ListTables without a key: %v, want Unauthenticated", err)
	}
	if h, err := healthpb.NewHealthClient(cc).Check(ctx, &healthpb.HealthCheckRequest{}); err != nil || h.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		t.Errorf("health check without a key: %v, %v; want SERVING", h, err)
	}
	k, err := keys.CreateKey(with(admin), &pb.CreateKeyRequest{Name: "e2e", Role: pb.Role_ROLE_ORGANISER})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := tables.CreateTable(with(k.GetSecret()), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}, {Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
	if err != nil || resp.GetTable().GetCreator() != k.GetKey().GetKeyId() {
		t.Fatalf("CreateTable with the organiser key: %v, %v; want creator %s", resp, err, k.GetKey().GetKeyId())
	}
	if strings.Contains(p.log(), "WITHOUT authentication") {
		t.Errorf("the referee with an admin key warns of open mode:\n%s", p.log())
	}

	open := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory")
	if !strings.Contains(open.log(), "running WITHOUT authentication") {
		t.Errorf("no open-mode warning in the log:\n%s", open.log())
	}

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-p.exited
	stderr, code := runBinary(t, bin, nil, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", db)
	want := "bezique-referee: no admin key (--admin-key-file, BEZIQUE_ADMIN_KEY), but the store holds 1 API key not revoked: " +
		"a referee without one would ignore them and let anyone who reaches it cancel and read every table, those of the referees sharing the store too; " +
		"start it with the same --admin-key-file as the referees that made them (docs/SECURITY.md § Two modes), " +
		"or, to run the store without authentication, revoke them first (bezique keys revoke, through a referee started with an admin key)\n"
	if got := lastLogLine(stderr); code != 1 || got != want {
		t.Errorf("open mode on a store with a key: exit %d, last line %q; want 1, %q", code, got, want)
	}
	if strings.Contains(stderr, "running WITHOUT authentication") { // it never ran (a re-trial)
		t.Errorf("the refused referee warned that it runs without authentication:\n%s", stderr)
	}
}
