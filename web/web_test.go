package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"testing"

	"github.com/bezique-arena/bezique/web"
)

// TestCompressedAssets: every file of the app comes gzip-compressed to a browser that accepts
// it (when it is 1 KiB or more) and plain to one that does not, the same bytes either way as
// web/static holds; each has a weak ETag and no-cache, and asking again with that ETag gets 304
// Not Modified, compressed or not.
func TestCompressedAssets(t *testing.T) {
	hs := httptest.NewServer(web.Handler(web.Config{}))
	defer hs.Close()
	entries, err := os.ReadDir("static")
	if err != nil {
		t.Fatal(err)
	}
	get := func(path, acceptEncoding, ifNoneMatch string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest("GET", hs.URL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept-Encoding", acceptEncoding) // set: the client then leaves the body as sent
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		resp, err := hs.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, body
	}
	paths := map[string]string{"/": "index.html", "/t/t-1": "index.html"}
	for _, e := range entries {
		if e.Name() != "index.html" { // the pages' document, at the pages' paths
			paths["/static/"+e.Name()] = e.Name()
		}
	}
	for path, name := range paths {
		want, err := os.ReadFile("static/" + name)
		if err != nil {
			t.Fatal(err)
		}
		resp, body := get(path, "gzip", "")
		etag := resp.Header.Get("ETag")
		if resp.StatusCode != 200 || len(etag) < 4 || etag[:3] != `W/"` || resp.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: %d, ETag %q, Cache-Control %q; want 200, a weak ETag, no-cache", path, resp.StatusCode, etag, resp.Header.Get("Cache-Control"))
		}
		if len(want) >= 1024 {
			if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("GET %s with gzip: Content-Encoding %q, Vary %q; want gzip, Accept-Encoding", path,
					resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"))
			}
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(body, want) {
			t.Errorf("GET %s with gzip: %d bytes that are not static/%s's %d", path, len(body), name, len(want))
		}
		plain, body := get(path, "identity", "")
		if plain.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, want) || plain.Header.Get("ETag") != etag {
			t.Errorf("GET %s without gzip: Content-Encoding %q, %d bytes, ETag %q; want none, static/%s's %d, %q", path,
				plain.Header.Get("Content-Encoding"), len(body), plain.Header.Get("ETag"), name, len(want), etag)
		}
		for _, enc := range []string{"gzip", "identity"} {
			if again, body := get(path, enc, etag); again.StatusCode != http.StatusNotModified || len(body) != 0 {
				t.Errorf("GET %s (%s) with If-None-Match %s: %d with %d bytes, want 304 and none", path, enc, etag, again.StatusCode, len(body))
			}
		}
	}
}

// TestPageAssets: the pages' document names an icon, so that a browser does not ask for
// /favicon.ico (which the referee does not serve: a 404 in every page's console), and every file
// it names under /static/ is served.
func TestPageAssets(t *testing.T) {
	hs := httptest.NewServer(web.Handler(web.Config{}))
	defer hs.Close()
	page, err := os.ReadFile("static/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`<link rel="icon" href="/static/[^"]+"`).Match(page) {
		t.Errorf("static/index.html names no icon (<link rel=\"icon\" href=\"/static/…\">):\n%s", page)
	}
	for _, m := range regexp.MustCompile(`(?:href|src)="(/static/[^"]+)"`).FindAllSubmatch(page, -1) {
		resp, err := hs.Client().Get(hs.URL + string(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s (named by index.html): %d", m[1], resp.StatusCode)
		}
	}
}
