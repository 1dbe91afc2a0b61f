package service

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"testing"
	"time"
)

// TestHTTPBodyHeldAsItArrives: a request that declares a large body and sends a byte or two
// costs the referee what arrived, not what it declared: 12 requests declaring 16 MB each (a
// unary call's Content-Length; the length prefix of a Connect and a gRPC-Web stream's JSON
// message) and cut short allocate less than one of them. The transcoder (vanguard) sized its
// buffer by the declaration, and allocated 12 × 16 MB before (20 such requests held open took
// 313 MB of a referee's RSS).
func TestHTTPBodyHeldAsItArrives(t *testing.T) {
	addr := servePlainPort(t)
	const declared = 16_000_000
	prefix := make([]byte, 5)
	binary.BigEndian.PutUint32(prefix[1:], declared)
	requests := []string{
		// A unary call: its body ends (the client closes its side) 16 MB short of its length.
		"POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n" +
			fmt.Sprintf("Connect-Protocol-Version: 1\r\nContent-Length: %d\r\n\r\n{", declared),
		// Streams: the body ends within the message its prefix announces.
		"POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\nContent-Type: application/connect+json\r\n" +
			"Connect-Protocol-Version: 1\r\nContent-Length: 7\r\n\r\n" + string(prefix) + "{ ",
		"POST /bezique.v1.TableService/WatchTable HTTP/1.1\r\nHost: referee\r\nContent-Type: application/grpc-web+json\r\n" +
			"Content-Length: 7\r\n\r\n" + string(prefix) + "{ ",
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 4 {
		for _, req := range requests {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			_ = conn.SetDeadline(time.Now().Add(waitFor))
			if _, err := conn.Write([]byte(req)); err != nil {
				t.Fatal(err)
			}
			if err := conn.(*net.TCPConn).CloseWrite(); err != nil { // ends the unary call's body
				t.Fatal(err)
			}
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("%.60q: %v", req, err)
			}
			res.Body.Close()
			conn.Close()
		}
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got >= declared {
		t.Fatalf("12 requests declaring %d bytes and cut short allocated %d bytes, want less than one declaration", declared, got)
	}
}
