package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestBinaryWebApp runs the real binary and fetches the web app from its gRPC port: the pages,
// the assets, and the embeddable view's frame-ancestors from --embed-frame-ancestors.
func TestBinaryWebApp(t *testing.T) {
	bin := buildReferee(t)
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory",
		"--embed-frame-ancestors", "https://club.example.com, https://other.example.org")
	base := "http://" + p.addr
	for _, c := range []struct{ path, contains, policy string }{
		{"/", "<title>Bézique referee</title>", "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
		{"/replay/t-1", "/static/app.js", "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
		{"/embed/t/t-1", "/static/app.js", "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors https://club.example.com https://other.example.org"},
		{"/static/table.js", "export function apply", ""},
	} {
		resp, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), c.contains) || resp.Header.Get("Content-Security-Policy") != c.policy {
			t.Errorf("GET %s: %d, policy %q, body has %q: %v; want 200, %q", c.path, resp.StatusCode,
				resp.Header.Get("Content-Security-Policy"), c.contains, strings.Contains(string(body), c.contains), c.policy)
		}
	}
}
