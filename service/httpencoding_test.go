package service

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
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
			`{"error":{"code":"unimplemented","message":"header Connect-Content-Encoding: \"zstd\": the referee reads requests uncompressed (identity)"}}`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/grpc-web+json", "Grpc-Encoding", "gzip", "\x00\x00\x00\x00\x02{}", 200,
			`12 header Grpc-Encoding: "gzip": the referee reads requests uncompressed (identity)`},
		// A second trial: a server stream's Content-Encoding got a plain-text 415, a unary call's
		// Connect-Content-Encoding was ignored, its Grpc-Encoding got grpc-go's words.
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", "Content-Encoding", "GZIP", "\x00\x00\x00\x00\x02{}", 200,
			`{"error":{"code":"unimplemented","message":"header Content-Encoding: \"GZIP\": the referee reads requests uncompressed (identity)"}}`},
		{"/bezique.v1.TableService/GetTable", "application/grpc-web+json", "Content-Encoding", "identity, gzip", "\x00\x00\x00\x00\x02{}", 200,
			`12 header Content-Encoding: "identity, gzip": the referee reads requests uncompressed (identity)`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Connect-Content-Encoding", "gzip", "{}", 501,
			`{"code":"unimplemented","message":"header Connect-Content-Encoding: \"gzip\": the referee reads requests uncompressed (identity)"}`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Grpc-Encoding", "gzip", "{}", 501,
			`{"code":"unimplemented","message":"header Grpc-Encoding: \"gzip\": the referee reads requests uncompressed (identity)"}`},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", "Content-Encoding", "Identity", "{}", 200, ""},
	} {
		code, got := answerOf(t, base+c.path, c.contentType, c.body, c.header, c.value)
		if c.want == "" && code == c.wantStatus { // identity: read, answered
			continue
		}
		if code != c.wantStatus || got != c.want {
			t.Errorf("%s with %s %s: %d %q\nwant %d %q", c.path, c.header, c.value, code, got, c.wantStatus, c.want)
		}
	}
}

// answerOf POSTs body to url as contentType, with Connect-Protocol-Version 1 and the header fields
// of extra (name, value, ...), and returns the HTTP status and the answer: a gRPC-Web
// trailers-only answer as "code message", a Connect stream's end frame as its JSON, any other
// body as it is; trimmed.
func answerOf(t *testing.T, url, contentType, body string, extra ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Connect-Protocol-Version", "1")
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case res.Header.Get("Grpc-Status") != "": // gRPC-Web, trailers only: the status in the headers
		got = []byte(res.Header.Get("Grpc-Status") + " " + res.Header.Get("Grpc-Message"))
	case strings.HasPrefix(contentType, "application/connect+") && len(got) > 5 && got[0] == 2:
		got = got[5:]
	}
	return res.StatusCode, string(bytes.TrimSpace(got))
}

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
		if _, got := answerOf(t, base+c.path, c.contentType, c.body); got != c.want {
			t.Errorf("%s (%s): %q\nwant %q", c.path, c.contentType, got, c.want)
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
