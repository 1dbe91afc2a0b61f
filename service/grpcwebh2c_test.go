package service

import (
	"bytes"
	"io"
	"net/http"
	"testing"
)

// TestPortH2CGRPCWeb: gRPC-Web over HTTP/2 by prior knowledge (h2c), whose content-type begins
// with application/grpc, is not taken for native gRPC (nativeGRPC) but served by net/http and
// vanguard: bytes that do not read are INVALID_ARGUMENT in the trailers-only headers, and a
// good request reaches the referee (not_found for table "x").
func TestPortH2CGRPCWeb(t *testing.T) {
	addr := servePlainPort(t)
	var protocols http.Protocols
	protocols.SetUnencryptedHTTP2(true)
	client := &http.Client{Transport: &http.Transport{Protocols: &protocols}}
	for _, c := range []struct {
		name, msg, status, message string
	}{
		{"bad bytes", "\xff\xff\xff", "3", "request protobuf: cannot parse invalid wire-format data"},
		{"table x", "\x0a\x01x", "5", `table "x" not found`},
	} {
		frame := append([]byte{0, 0, 0, 0, byte(len(c.msg))}, c.msg...)
		req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/bezique.v1.TableService/GetTable", bytes.NewReader(frame))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/grpc-web+proto")
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.ProtoMajor != 2 || res.StatusCode != http.StatusOK || res.Header.Get("Grpc-Status") != c.status || res.Header.Get("Grpc-Message") != c.message {
			t.Errorf("%s: %s %d %q, grpc-status %q, grpc-message %q; want HTTP/2 200, %s, %q", c.name, res.Proto, res.StatusCode, body,
				res.Header.Get("Grpc-Status"), res.Header.Get("Grpc-Message"), c.status, c.message)
		}
	}
}
