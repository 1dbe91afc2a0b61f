package service

import (
	"net/http"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// Cache-Control of a Connect GET's answer (INTEGRATE.md offers Connect GET for caches and links).
const (
	// cacheKeyed is a GET with a key's answer: what that key may read, which no shared cache may
	// keep for another caller.
	cacheKeyed = "private, no-store"
	// cacheLive is a keyless GET's: a table, a listing or a tournament changes with every action,
	// so a cache must ask again each time.
	cacheLive = "no-cache"
	// cacheEnded is a keyless GetRecord's or GetReplay's when it succeeds: the record of an ended
	// game never changes.
	cacheEnded = "public, max-age=31536000, immutable"
)

// cachedForEver are the methods whose successful answer is an ended game's record (cacheEnded).
var cachedForEver = map[string]bool{
	pb.TableService_GetRecord_FullMethodName: true,
	pb.TableService_GetReplay_FullMethodName: true,
}

// cacheControl sets the Cache-Control of a GET's answer on w and returns the writer to answer
// with: cacheKeyed (and Vary: Authorization) with an authorization header, else cacheLive, or
// cacheEnded once a record's answer turns out 200 (an error, a game still in play say, stays
// cacheLive: a cache keeps a 4xx that says how long it is fresh). Other methods' answers go out
// as the transcoder writes them.
func cacheControl(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	if r.Method != http.MethodGet {
		return w
	}
	if r.Header.Get("Authorization") != "" {
		w.Header().Set("Cache-Control", cacheKeyed)
		w.Header().Add("Vary", "Authorization")
		return w
	}
	w.Header().Set("Cache-Control", cacheLive)
	if !cachedForEver[r.URL.Path] {
		return w
	}
	return &endedAnswer{ResponseWriter: w}
}

// endedAnswer is the writer of a keyless GetRecord or GetReplay: cacheEnded on a 200.
type endedAnswer struct {
	http.ResponseWriter
	wrote bool
}

// WriteHeader sets cacheEnded for a 200, then writes the header.
func (e *endedAnswer) WriteHeader(code int) {
	if !e.wrote && code == http.StatusOK {
		e.Header().Set("Cache-Control", cacheEnded)
	}
	e.wrote = true
	e.ResponseWriter.WriteHeader(code)
}

// Write writes b, after a 200 header if none was written.
func (e *endedAnswer) Write(b []byte) (int, error) {
	if !e.wrote {
		e.WriteHeader(http.StatusOK)
	}
	return e.ResponseWriter.Write(b)
}

// Unwrap is the writer under e, for http.ResponseController.
func (e *endedAnswer) Unwrap() http.ResponseWriter { return e.ResponseWriter }

// streamUnbuffered sets the header fields of a stream's answer (Play, WatchTable, Connect over
// Connect or gRPC-Web) that ask a proxy to pass each message on as it comes: X-Accel-Buffering:
// no (nginx, which buffers a proxied answer by default, and the proxies that follow it) and
// Cache-Control: no-cache, no-transform (no cache keeps it, no proxy recompresses it). Through a
// proxy that held answers back 16 KiB at a time, an HTTP bot's decision requests came late and
// 40 of its 92 moves were played for it at their deadline (an HTTP bot author's trial).
func streamUnbuffered(w http.ResponseWriter) {
	w.Header().Set("X-Accel-Buffering", "no")
	w.Header().Set("Cache-Control", "no-cache, no-transform")
}
