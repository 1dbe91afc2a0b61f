package service

import (
	"net"
	"net/url"
	"sync"
	"testing"
)

// tcpLink is a TCP proxy to target, the network between two processes: frozen, its connections
// stop carrying bytes without closing (a process that hangs, SIGSTOP, or a partition as its peers
// see it); cut, its listener and every connection through it close (the network gone, the far
// end refusing).
type tcpLink struct {
	ln     net.Listener
	mu     sync.Mutex
	target string
	conns  []net.Conn
	frozen chan struct{} // closed by freeze
}

// startTCPLink listens on 127.0.0.1 and passes each connection to target (set later with
// setTarget when it is not known yet).
func startTCPLink(t *testing.T, target string) *tcpLink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &tcpLink{ln: ln, target: target, frozen: make(chan struct{})}
	t.Cleanup(l.cut)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			l.mu.Lock()
			target := l.target
			l.mu.Unlock()
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			l.mu.Lock()
			l.conns = append(l.conns, c, up)
			l.mu.Unlock()
			go l.carry(up, c)
			go l.carry(c, up)
		}
	}()
	return l
}

// addr is the link's address.
func (l *tcpLink) addr() string { return l.ln.Addr().String() }

// setTarget sets where the link's next connections go.
func (l *tcpLink) setTarget(target string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.target = target
}

// freeze makes every connection hold what it reads for ever, open.
func (l *tcpLink) freeze() { close(l.frozen) }

// cut closes the link's listener and every connection through it.
func (l *tcpLink) cut() {
	l.ln.Close()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

// carry copies from src to dst until either ends (then it closes dst), or holds what it reads
// for ever once frozen.
func (l *tcpLink) carry(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		select {
		case <-l.frozen:
			return // the bytes go nowhere, and the connections stay open
		default:
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				dst.Close()
				return
			}
		}
		if err != nil {
			dst.Close()
			return
		}
	}
}

// linkedSchema returns a fresh PostgreSQL schema's URL (sharedSchema) whose address is a tcpLink
// to the server, and the link: the network between a referee and its store, to freeze or cut.
func linkedSchema(t *testing.T) (*tcpLink, string) {
	t.Helper()
	u, _ := sharedSchema(t)
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	link := startTCPLink(t, pu.Host)
	pu.Host = link.addr()
	return link, pu.String()
}
