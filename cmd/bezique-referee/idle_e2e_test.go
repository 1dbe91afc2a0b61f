package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"google.golang.org/grpc/connectivity"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestBinaryMaxConnectionIdle: --max-connection-idle reaches both halves of the port: an
// HTTP/1.1 keep-alive connection (net/http) and a native gRPC connection (grpc-go, GOAWAY: the
// client goes IDLE) are closed once idle for the limit, 300 ms, and not sooner.
func TestBinaryMaxConnectionIdle(t *testing.T) {
	const idle = 300 * time.Millisecond
	p := startBinary(t, buildReferee(t), "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--max-connection-idle", idle.String())

	t.Run("http1", func(t *testing.T) {
		conn, err := net.Dial("tcp", p.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: localhost\r\n"+
			"Content-Type: application/json\r\nConnect-Protocol-Version: 1\r\nContent-Length: 2\r\n\r\n{}"); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(conn)
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("response %s (%v), want 200", res.Status, err)
		}
		start := time.Now()
		_ = conn.SetReadDeadline(start.Add(10 * time.Second))
		n, err := br.Read(make([]byte, 1))
		if d := time.Since(start); n != 0 || err != io.EOF || d < idle-50*time.Millisecond || d > idle+2*time.Second {
			t.Fatalf("read %d bytes (%v) %v after the response, want EOF after %v", n, err, d, idle)
		}
	})

	t.Run("grpc", func(t *testing.T) {
		cc := dialReferee(t, p.addr)
		if _, err := pb.NewTableServiceClient(cc).GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{}); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for s := cc.GetState(); s != connectivity.Idle; s = cc.GetState() {
			if !cc.WaitForStateChange(ctx, s) {
				t.Fatalf("client state %v 10 s after its call, want IDLE (the referee's GOAWAY)", s)
			}
		}
		if d := time.Since(start); d < idle-50*time.Millisecond || d > idle+2*time.Second {
			t.Fatalf("the client went IDLE %v after its call, want after %v", d, idle)
		}
	})
}
