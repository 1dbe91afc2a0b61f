package service

import (
	"net"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"
)

// outOfFiles is a loopback listener whose first fails Accepts fail as accept(2) fails when the
// process has no file descriptor left (EMFILE), recording when each was made.
type outOfFiles struct {
	net.Listener
	mu    sync.Mutex
	fails int
	at    []time.Time
}

// Accept fails with EMFILE while fails lasts, then accepts.
func (l *outOfFiles) Accept() (net.Conn, error) {
	l.mu.Lock()
	l.at = append(l.at, time.Now())
	failing := len(l.at) <= l.fails
	l.mu.Unlock()
	if failing {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	}
	return l.Listener.Accept()
}

// TestPortAcceptBackoff: a port whose accepts fail for want of file descriptors waits between
// tries, 5 ms and then twice as long each time, as net/http's Serve does, and serves once they
// succeed again: cmux tried again at once (a referee out of descriptors spent 6.9 s of CPU in 6 s
// in its accept loop).
func TestPortAcceptBackoff(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	failing := &outOfFiles{Listener: lis, fails: 4}
	srv, err := New(t.Context(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	port, err := NewPort(failing, PortConfig{}, srv.Register, ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(time.Second) })
	if code, _, got := connectPost(t, "http://"+lis.Addr().String()+"/bezique.v1.TableService/GetRuleCatalog", "application/json", "{}"); code != 200 {
		t.Fatalf("GetRuleCatalog after the failed accepts: %d %s", code, got)
	}
	failing.mu.Lock()
	defer failing.mu.Unlock()
	for i, want := range []time.Duration{5, 10, 20, 40} {
		if gap := failing.at[i+1].Sub(failing.at[i]); gap < want*time.Millisecond {
			t.Errorf("accept %d came %v after failed accept %d, want at least %v", i+2, gap, i+1, want*time.Millisecond)
		}
	}
}
