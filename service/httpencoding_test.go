package service

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"
)

// TestHTTPRequestEncodingRefused: a request compressed with any encoding (Content-Encoding on a
// Connect unary call, Connect-Content-Encoding on a Connect stream, Grpc-Encoding on gRPC-Web)
// is refused UNIMPLEMENTED in the protocol's own error, naming the header and what the referee
// takes. vanguard answered br, deflate and zstd with a plain-text 415 and gzip with "Decompressor
// is not installed" (an outside trial).
func TestHTTPRequestEncodingRefused(t *testing.T) {
	base := serveWithApp(t)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte(`{}`))
	_ = zw.Close()
	for _, c := range []struct {
		path, contentType, header, value, body string
		wantStatus                             int
		want                                   string
	}{
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Content-Encoding", "br", "{}", 501,
			`{"code":"unimplemented","message":"header Content-Encoding: \"br\": the referee reads requests uncompressed (identity)"}`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Content-Encoding", "gzip", gz.String(), 501,
			`{"code":"unimplemented","message":"header Content-Encoding: \"gzip\": the referee reads requests uncompressed (identity)"}`},
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", "Connect-Content-Encoding", "zstd", "\x00\x00\x00\x00\x02{}", 200,
			endFrame(`{"error":{"code":"unimplemented","message":"header Connect-Content-Encoding: \"zstd\": the referee reads requests uncompressed (identity)"}}`)},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/grpc-web+json", "Grpc-Encoding", "gzip", "\x00\x00\x00\x00\x02{}", 200,
			`12 header Grpc-Encoding: "gzip": the referee reads requests uncompressed (identity)`},
		// A second trial: a server stream's Content-Encoding got a plain-text 415, a unary call's
		// Connect-Content-Encoding was ignored, its Grpc-Encoding got grpc-go's words.
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", "Content-Encoding", "GZIP", "\x00\x00\x00\x00\x02{}", 200,
			endFrame(`{"error":{"code":"unimplemented","message":"header Content-Encoding: \"GZIP\": the referee reads requests uncompressed (identity)"}}`)},
		{"/bezique.v1.TableService/GetTable", "application/grpc-web+json", "Content-Encoding", "identity, gzip", "\x00\x00\x00\x00\x02{}", 200,
			`12 header Content-Encoding: "identity, gzip": the referee reads requests uncompressed (identity)`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Connect-Content-Encoding", "gzip", "{}", 501,
			`{"code":"unimplemented","message":"header Connect-Content-Encoding: \"gzip\": the referee reads requests uncompressed (identity)"}`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Grpc-Encoding", "gzip", "{}", 501,
			`{"code":"unimplemented","message":"header Grpc-Encoding: \"gzip\": the referee reads requests uncompressed (identity)"}`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Content-Encoding", "Identity", "{}", 200, ""},
	} {
		req, err := http.NewRequest(http.MethodPost, base+c.path, bytes.NewReader([]byte(c.body)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", c.contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		req.Header.Set(c.header, c.value)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		if st := res.Header.Get("Grpc-Status"); st != "" { // gRPC-Web, trailers only: the status in the headers
			got = []byte(st + " " + res.Header.Get("Grpc-Message"))
		}
		if c.want == "" && res.StatusCode == c.wantStatus { // identity: read, answered
			continue
		}
		if err != nil || res.StatusCode != c.wantStatus || string(bytes.TrimSpace(got)) != c.want {
			t.Errorf("%s with %s %s: %d %q\nwant %d %q", c.path, c.header, c.value, res.StatusCode, got, c.wantStatus, c.want)
		}
	}
}

// endFrame is a Connect stream's end frame holding json (shorter than 256 bytes).
func endFrame(json string) string { return "\x02\x00\x00\x00" + string([]byte{byte(len(json))}) + json }

// TestHTTPFrameFlaggedCompressed: a framed request whose flags byte says compressed (0x01) is
// refused INVALID_ARGUMENT, on a Connect stream and a gRPC-Web unary call: the transcoder read it
// as uncompressed, though no encoding was agreed (an outside trial).
func TestHTTPFrameFlaggedCompressed(t *testing.T) {
	base := serveWithApp(t)
	const body = "\x01\x00\x00\x00\x17{\"tableId\":\"t-0000000000\"}"
	// In binary protobuf (a WatchTableRequest, table_id "t-0000000000"), grpc-go answered INTERNAL,
	// "grpc: compressed flag set with identity or empty encoding" (a second trial).
	const binary = "\x01\x00\x00\x00\x0e\x0a\x0ct-0000000000"
	for _, c := range []struct{ path, contentType, body, want string }{
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", body, `{"error":{"code":"invalid_argument","message":"` + streamMessageFlagged + `"}}`},
		{"/bezique.v1.TableService/GetTable", "application/grpc-web+json", body, "3 " + streamMessageFlagged},
		{"/bezique.v1.TableService/WatchTable", "application/connect+proto", binary, `{"error":{"code":"invalid_argument","message":"` + streamMessageFlagged + `"}}`},
		{"/bezique.v1.TableService/GetTable", "application/grpc-web+proto", binary, "3 " + streamMessageFlagged},
	} {
		req, err := http.NewRequest(http.MethodPost, base+c.path, bytes.NewReader([]byte(c.body)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", c.contentType)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		if st := res.Header.Get("Grpc-Status"); st != "" { // gRPC-Web, trailers only: the status in the headers
			got = []byte(st + " " + res.Header.Get("Grpc-Message"))
		} else if len(got) > 5 && got[0] == 2 { // a Connect stream's end frame: its JSON
			got = got[5:]
		}
		if err != nil || string(bytes.TrimSpace(got)) != c.want {
			t.Errorf("%s (%s): %d %q\nwant %q", c.path, c.contentType, res.StatusCode, got, c.want)
		}
	}
}

// TestHTTPGetCompressionRefused: a Connect GET whose compression query parameter is not identity
// is refused naming it: it got grpc-go's "Decompressor is not installed" (an outside trial).
func TestHTTPGetCompressionRefused(t *testing.T) {
	base := serveWithApp(t)
	res, err := http.Get(base + "/bezique.v1.TableService/GetRuleCatalog?connect=v1&encoding=json&message=%7B%7D&compression=gzip")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(res.Body)
	res.Body.Close()
	const want = `{"code":"unimplemented","message":"query parameter compression: \"gzip\": the referee reads requests uncompressed (identity)"}`
	if err != nil || res.StatusCode != 501 || string(bytes.TrimSpace(got)) != want {
		t.Errorf("GET with compression=gzip: %d %s\nwant 501 %s", res.StatusCode, got, want)
	}
}
