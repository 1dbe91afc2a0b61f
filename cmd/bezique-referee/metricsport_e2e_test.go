package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bezique-arena/bezique/service"
)

// TestBinaryMetricsPortLimits: the metrics port holds no connection for ever: a keep-alive
// connection idle for --max-connection-idle (300 ms here) is closed, not sooner; headers past
// metricsMaxHeaderBytes are refused with 431; and (without -short) a connection that says
// nothing, or sends its headers a byte a second, is closed at service.FirstBytesTimeout. Before,
// an idle keep-alive connection stayed open for ever and the header bound was net/http's 1 MiB.
func TestBinaryMetricsPortLimits(t *testing.T) {
	const idle = 300 * time.Millisecond
	p := startBinary(t, buildReferee(t), "--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:0", "--store", "memory",
		"--max-connection-idle", idle.String())
	addr := metricsAddr(t, p)

	t.Run("idle keep-alive", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		br := bufio.NewReader(conn)
		for range 2 { // two scrapes on one connection, then nothing
			if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: referee\r\n\r\n"); err != nil {
				t.Fatal(err)
			}
			res, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			if err != nil || res.StatusCode != http.StatusOK || string(body) != "ok\n" || res.Close {
				t.Fatalf("response %s %q (close %v, %v), want 200 ok on a connection kept alive", res.Status, body, res.Close, err)
			}
		}
		start := time.Now()
		_ = conn.SetReadDeadline(start.Add(10 * time.Second))
		n, err := br.Read(make([]byte, 1))
		if d := time.Since(start); n != 0 || err != io.EOF || d < idle-50*time.Millisecond || d > idle+2*time.Second {
			t.Fatalf("read %d bytes (%v) %v after the response, want EOF after %v", n, err, d, idle)
		}
	})

	t.Run("headers too large", func(t *testing.T) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		big := "X-Padding: " + strings.Repeat("a", metricsMaxHeaderBytes+4096) + "\r\n" // net/http allows 4 KiB over its bound
		if _, err := io.WriteString(conn, "GET /metrics HTTP/1.1\r\nHost: referee\r\n"+big+"\r\n"); err != nil {
			t.Fatal(err)
		}
		_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		status, err := bufio.NewReader(conn).ReadString('\n')
		if want := "HTTP/1.1 431 Request Header Fields Too Large\r\n"; err != nil || status != want {
			t.Fatalf("status line %q (%v), want %q", status, err, want)
		}
	})

	if testing.Short() {
		t.Log("-short: the silent and slow clients (10 s) are not tried")
		return
	}
	for name, drip := range map[string]string{"silent": "", "slow headers": "GET /metrics HTTP/1.1\r\nHost: referee\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			start := time.Now()
			go func() { // a byte a second, as a slowloris client sends its headers
				for i := range len(drip) {
					if _, err := conn.Write([]byte{drip[i]}); err != nil {
						return
					}
					time.Sleep(time.Second)
				}
			}()
			_ = conn.SetReadDeadline(start.Add(30 * time.Second))
			got, err := io.ReadAll(conn)
			if errors.Is(err, syscall.ECONNRESET) {
				err = nil // the server closed with the dripped bytes unread (or one arrived after): the kernel resets
			}
			if d := time.Since(start); err != nil || d < service.FirstBytesTimeout-100*time.Millisecond || d > service.FirstBytesTimeout+2*time.Second {
				t.Fatalf("the metrics port closed the connection after %v (%v, read %q), want after %v", d, err, got, service.FirstBytesTimeout)
			}
		})
	}
}
