package e2e

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// buildCommand builds the command with this import path into a temporary directory of t and
// returns the path of the binary (the Go build cache makes a rebuild a link).
func buildCommand(t testing.TB, pkg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// buildReferee returns the path of the referee binary, built for this test run.
func buildReferee(t testing.TB) string {
	return buildCommand(t, "github.com/bezique-arena/bezique/cmd/bezique-referee")
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// refProc is one run of the referee binary.
type refProc struct {
	cmd    *exec.Cmd
	exited chan struct{}
	log    *os.File
}

// startRefereeProc starts the referee binary with args and waits until it prints that it serves
// gRPC. Its stderr goes to logPath (appended: restarts share one log).
func startRefereeProc(t testing.TB, bin, logPath string, args ...string) *refProc {
	t.Helper()
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = pw
	cmd.Stdout = logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	p := &refProc{cmd: cmd, exited: make(chan struct{}), log: logf}
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		signalled := false
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(logf, line)
			if !signalled && strings.HasPrefix(line, "bezique-referee: serving gRPC on ") {
				signalled = true
				close(ready)
			}
		}
	}()
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	select {
	case <-ready:
	case <-p.exited:
		t.Fatalf("referee exited before serving (%v); log %s:\n%s", cmd.ProcessState, logPath, readFile(logPath))
	case <-time.After(30 * time.Second):
		p.kill()
		t.Fatalf("referee did not start in 30 s; log %s:\n%s", logPath, readFile(logPath))
	}
	t.Cleanup(p.kill)
	return p
}

// kill ends the process with SIGKILL (no drain, no store close) and waits for it.
func (p *refProc) kill() {
	select {
	case <-p.exited:
		return
	default:
	}
	_ = p.cmd.Process.Kill()
	<-p.exited
	_ = p.log.Close()
}

func readFile(path string) string {
	b, _ := os.ReadFile(path)
	s := string(b)
	if len(s) > 8000 {
		s = "...\n" + s[len(s)-8000:]
	}
	return s
}

// dialTables opens a TableService client to addr.
func dialTables(t testing.TB, addr string) pb.TableServiceClient {
	t.Helper()
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	return pb.NewTableServiceClient(cc)
}

// viewHashBot is a stateless deterministic bot: it picks the legal action at index
// hash(view) mod n, so the same position gets the same answer in every process and after
// every restart (unlike a seeded random bot, whose generator advances per call).
type viewHashBot struct{}

// Decide picks a legal action by a hash of the request's view.
func (viewHashBot) Decide(_ context.Context, req *pb.DecisionRequest) (uint32, error) {
	legal := req.GetLegalActions()
	if len(legal) == 0 {
		return 0, fmt.Errorf("no legal action")
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(req.GetView())
	if err != nil {
		return 0, err
	}
	sum := sha256.Sum256(b)
	return legal[binary.BigEndian.Uint64(sum[:8])%uint64(len(legal))].GetActionId(), nil
}

// remoteSeats returns n remote seat configs.
func remoteSeats(n int) []*pb.SeatConfig {
	out := make([]*pb.SeatConfig, n)
	for i := range out {
		out[i] = &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: fmt.Sprintf("seat%d", i)}}}
	}
	return out
}

// fixedSeed returns a 32-byte seed derived from n.
func fixedSeed(n int) []byte {
	s := sha256.Sum256([]byte(fmt.Sprintf("bezique e2e seed %d", n)))
	return s[:]
}

// actionKey is what two records of the same game must agree on for one action.
type actionKey struct {
	Seat         uint32
	Action       string
	Intervention pb.InterventionKind
}

// recordActions returns the (seat, action) sequence of a record, without seqs and times.
func recordActions(rec *pb.GameRecord) []actionKey {
	out := make([]actionKey, 0, len(rec.GetActions()))
	for _, a := range rec.GetActions() {
		b, _ := proto.MarshalOptions{Deterministic: true}.Marshal(a.GetAction())
		out = append(out, actionKey{Seat: a.GetSeat(), Action: string(b), Intervention: a.GetIntervention()})
	}
	return out
}
