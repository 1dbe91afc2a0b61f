package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"
)

//go:embed static
var static embed.FS

// Config configures the web app's [Handler].
type Config struct {
	// FrameAncestors are the sources that may show the embeddable spectator view
	// (/embed/t/{id}, and /embed/replay/{id}, where it goes once the game has left memory) in a
	// frame, as a Content-Security-Policy frame-ancestors list ("https://club.example.com",
	// "*"). Empty: "*", any site. Every other page may not be framed (frame-ancestors 'none').
	FrameAncestors []string
}

// Handler returns the web app: its assets under /static/, and its pages at / (the tables),
// /t/{id} (a table, live), /embed/t/{id} (the same without the page's chrome, for an iframe),
// /replay/{id} (a finished game, step by step; /embed/replay/{id} the same for an iframe), /play/{id} (a person's seat) and
// /tournaments/{id} (a tournament's standings and rating plot). Every page is
// the same index.html; static/app.js draws the page its path names. Other paths answer 404.
//
// Every answer of 1 KiB or more is gzip-compressed for a browser that accepts it
// (klauspost/compress's gzhttp, Vary: Accept-Encoding). Every file has a weak ETag, the SHA-256
// of its bytes (weak: the same for its compressed and plain forms), and Cache-Control no-cache,
// so a browser asks again each time and gets 304 Not Modified until the binary changes.
func Handler(cfg Config) http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	etags := map[string]string{} // by path under static/
	err = fs.WalkDir(sub, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sub, path)
		sum := sha256.Sum256(b)
		etags[path] = `W/"` + hex.EncodeToString(sum[:16]) + `"`
		return err
	})
	if err != nil {
		panic(err)
	}
	index, err := fs.ReadFile(sub, "index.html")
	if err != nil {
		panic(err)
	}
	embedPolicy := "frame-ancestors *"
	if len(cfg.FrameAncestors) > 0 {
		embedPolicy = "frame-ancestors " + strings.Join(cfg.FrameAncestors, " ")
	}
	page := func(policy string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			// base-uri and form-action, which default-src does not cover: a <base> or a form's
			// target injected could not send the page elsewhere (defence in depth: a web security
			// review found no injection).
			w.Header().Set("Content-Security-Policy", "default-src 'self'; base-uri 'none'; form-action 'self'; "+policy)
			// A page's address (a table, a replay) is nobody else's business; its links lead
			// nowhere else anyway.
			w.Header().Set("Referrer-Policy", "no-referrer")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Header().Set("ETag", etags["index.html"])
			http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
		}
	}
	files := http.FileServerFS(sub)
	assets := func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") { // a folder: FileServer would answer its index.html, the home page
			http.NotFound(w, r)
			return
		}
		if tag, ok := etags[strings.TrimPrefix(r.URL.Path, "/static/")]; ok {
			w.Header().Set("ETag", tag) // http.FileServer answers If-None-Match with it
			w.Header().Set("Cache-Control", "no-cache")
		}
		http.StripPrefix("/static/", files).ServeHTTP(w, r)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /static/", assets)
	app := page("frame-ancestors 'none'")
	mux.Handle("GET /{$}", app)
	mux.Handle("GET /t/{id}", app)
	mux.Handle("GET /replay/{id}", app)
	mux.Handle("GET /play/{id}", app)
	mux.Handle("GET /tournaments/{id}", app)
	mux.Handle("GET /embed/t/{id}", page(embedPolicy))
	mux.Handle("GET /embed/replay/{id}", page(embedPolicy))
	compress, err := gzhttp.NewWrapper(gzhttp.CompressionLevel(gzip.BestCompression), gzhttp.EnableZstd(false))
	if err != nil {
		panic(err) // the options are fixed and valid
	}
	return compress(securityHeaders(mux))
}

// securityHeaders has every answer of h say X-Content-Type-Options: nosniff, so that a browser
// takes a page, a script or a style sheet for what its Content-Type says and nothing else (an
// outside trial found it missing), and every answer over TLS to a host name other than localhost
// Strict-Transport-Security for a year, so that a browser that has been there once goes there by
// HTTPS only (an integrator's trial found it missing). Not at localhost or an IP address: a
// developer's test certificate would have the browser refuse the plain-HTTP referee there for a
// year.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if r.TLS != nil && !localOrIP(r.Host) {
			w.Header().Set("Strict-Transport-Security", "max-age=31536000")
		}
		h.ServeHTTP(w, r)
	})
}

// localOrIP reports whether host (a Host header, with or without a port) is localhost, a name
// under it, or an IP address.
func localOrIP(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	return host == "localhost" || strings.HasSuffix(host, ".localhost") || net.ParseIP(strings.Trim(host, "[]")) != nil
}
