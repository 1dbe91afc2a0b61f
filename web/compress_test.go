package web_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestStaticCompressedOnce: through the referee's HTTP handler, a file of the web app comes
// gzipped once, with one Vary: Accept-Encoding; the referee's gzip of its unary answers is for
// RPCs only (it added a second Vary to the web app's answers).
func TestStaticCompressedOnce(t *testing.T) {
	r := startReferee(t)
	req, err := http.NewRequest(http.MethodGet, r.url+"/static/app.js", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if got := resp.Header.Values("Vary"); resp.Header.Get("Content-Encoding") != "gzip" || len(got) != 1 || got[0] != "Accept-Encoding" {
		t.Fatalf("GET /static/app.js: Content-Encoding %q, Vary %q; want gzip, [Accept-Encoding]", resp.Header.Get("Content-Encoding"), got)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	js, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(js), "// app.js: the pages.") {
		t.Errorf("GET /static/app.js unzipped once starts %q", string(js[:min(40, len(js))]))
	}
}
