package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed static
var static embed.FS

// Config configures the web app's [Handler].
type Config struct {
	// FrameAncestors are the sources that may show the embeddable spectator view
	// (/embed/t/{id}) in a frame, as a Content-Security-Policy frame-ancestors list
	// ("https://club.example.com", "*"). Empty: "*", any site. Every other page may not be
	// framed (frame-ancestors 'none').
	FrameAncestors []string
}

// Handler returns the web app: its assets under /static/, and its pages at / (the tables),
// /t/{id} (a table, live), /embed/t/{id} (the same without the page's chrome, for an iframe),
// /replay/{id} (a finished game, step by step), /play/{id} (a person's seat) and
// /tournaments/{id} (a tournament's standings and rating plot). Every page is
// the same index.html; static/app.js draws the page its path names. Other paths answer 404.
func Handler(cfg Config) http.Handler {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
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
			w.Header().Set("Content-Security-Policy", "default-src 'self'; "+policy)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			_, _ = w.Write(index)
		}
	}
	mux := http.NewServeMux()
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(sub)))
	app := page("frame-ancestors 'none'")
	mux.Handle("GET /{$}", app)
	mux.Handle("GET /t/{id}", app)
	mux.Handle("GET /replay/{id}", app)
	mux.Handle("GET /play/{id}", app)
	mux.Handle("GET /tournaments/{id}", app)
	mux.Handle("GET /embed/t/{id}", page(embedPolicy))
	return mux
}
