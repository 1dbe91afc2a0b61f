package service

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestHTTPGetCacheControl: a Connect GET with a key is answered "Cache-Control: private,
// no-store" and "Vary: Authorization", so that no shared cache keeps what that key may read for
// another caller (an integrator's trial found no such header); one without a key "no-cache", as
// a table changes with every action (a trial of session 27 found none, which leaves the answer to
// a cache's heuristics); and an ended game's record or replay "public, max-age=31536000,
// immutable", but not a refusal (a game in play, an unknown table), which a cache would keep
// as long.
func TestHTTPGetCacheControl(t *testing.T) {
	srv, base := serveReferee(t, Config{})
	ctx := context.Background()
	create := func() string {
		resp, err := srv.Referee.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Options: map[string]string{"target": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetTableId()
	}
	ended := create()
	if _, err := srv.Await(ctx, ended); err != nil {
		t.Fatal(err)
	}
	playing, err := srv.Referee.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Seats: remoteSeats(2)})
	if err != nil {
		t.Fatal(err)
	}
	get := func(method, message, key string) (int, string, string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, base+"/bezique.v1.TableService/"+method+"?connect=v1&encoding=json&message="+url.QueryEscape(message), nil)
		if err != nil {
			t.Fatal(err)
		}
		if key != "" {
			req.Header.Set("Authorization", key)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode, res.Header.Get("Cache-Control"), strings.Join(res.Header.Values("Vary"), ", ")
	}
	const forEver = "public, max-age=31536000, immutable"
	const gz = "Accept-Encoding" // Go's client asks for gzip, which a unary answer may come in (connectUnary)
	for _, c := range []struct {
		method, message, key string
		status               int
		cache, vary          string
	}{
		{"GetRuleCatalog", `{}`, "", 200, "no-cache", gz},
		{"GetRuleCatalog", `{}`, "Bearer bzq_whatever", 200, "private, no-store", "Authorization, " + gz},
		{"GetTable", `{"tableId":"` + ended + `"}`, "", 200, "no-cache", gz},
		{"ListTables", `{}`, "", 200, "no-cache", gz},
		{"GetRecord", `{"tableId":"` + ended + `"}`, "", 200, forEver, gz},
		{"GetReplay", `{"tableId":"` + ended + `"}`, "", 200, forEver, gz},
		{"GetRecord", `{"tableId":"` + ended + `"}`, "Bearer bzq_whatever", 200, "private, no-store", "Authorization, " + gz},
		{"GetRecord", `{"tableId":"` + playing.GetTableId() + `"}`, "", 400, "no-cache", gz},
		{"GetReplay", `{"tableId":"t-0000000000000000"}`, "", 404, "no-cache", gz},
	} {
		status, cache, vary := get(c.method, c.message, c.key)
		if status != c.status || cache != c.cache || vary != c.vary {
			t.Errorf("GET %s %s key %q: %d, Cache-Control %q, Vary %q; want %d, %q, %q", c.method, c.message, c.key, status, cache, vary, c.status, c.cache, c.vary)
		}
	}
}

// TestSpectatorReadsPublicRecord: with keys on, a caller without a key reads the record of an
// ended public game, as its replay, and a shared cache may keep it; not a table that is not
// public. GetRecord wanted a key before (401), so the web app's replay of a public game asked a
// visitor for one (an integrator's trial).
func TestSpectatorReadsPublicRecord(t *testing.T) {
	srv, base := serveReferee(t, Config{Auth: &Auth{AdminKey: "admin-key-0123456789abcdef0123"}})
	ctx := context.Background()
	ended := func(public bool) string {
		resp, err := srv.Referee.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: public,
			Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Options: map[string]string{"target": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := srv.Await(ctx, resp.GetTableId()); err != nil {
			t.Fatal(err)
		}
		return resp.GetTableId()
	}
	for _, c := range []struct {
		public bool
		status int
		cache  string
	}{
		{true, 200, "public, max-age=31536000, immutable"},
		{false, 401, "no-cache"}, // no key, as any call that needs one (it was 403)
	} {
		res, err := http.Get(base + "/bezique.v1.TableService/GetRecord?connect=v1&encoding=json&message=" + url.QueryEscape(`{"tableId":"`+ended(c.public)+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.status || res.Header.Get("Cache-Control") != c.cache {
			t.Errorf("public %v: GetRecord without a key %d, Cache-Control %q; want %d, %q", c.public, res.StatusCode, res.Header.Get("Cache-Control"), c.status, c.cache)
		}
	}
}

// TestHTTPUnaryGzip: a Connect unary answer of 1 KiB or more comes gzipped to a client that
// accepts it (a replay's JSON, about a tenth of its size), the same JSON once decompressed; a
// server stream's does not (its messages must not wait in a compressor). Nothing was compressed
// before (an integrator's trial: a 10-deal replay of 259 KB).
func TestHTTPUnaryGzip(t *testing.T) {
	srv, base := serveReferee(t, Config{})
	ctx := context.Background()
	resp, err := srv.Referee.CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
		Seats: []*pb.SeatConfig{builtinSeat("random"), builtinSeat("random")}, Seed: seed32(3)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Await(ctx, resp.GetTableId()); err != nil {
		t.Fatal(err)
	}
	body := `{"tableId":"` + resp.GetTableId() + `"}`
	post := func(method, contentType, encoding string) (*http.Response, []byte) {
		body := body
		if contentType == "application/connect+json" {
			body = envelope(len(body)) + body // a stream's one request message
		}
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, base+"/bezique.v1.TableService/"+method, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		req.Header.Set("Accept-Encoding", encoding) // set: Go's client then leaves the answer as it came
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, b
	}
	plainRes, plain := post("GetReplay", "application/json", "identity")
	gzRes, zipped := post("GetReplay", "application/json", "gzip")
	if plainRes.StatusCode != 200 || gzRes.StatusCode != 200 || plainRes.Header.Get("Content-Encoding") != "" || gzRes.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GetReplay: %d %q without gzip, %d %q with; want 200 \"\" and 200 \"gzip\"", plainRes.StatusCode, plainRes.Header.Get("Content-Encoding"),
			gzRes.StatusCode, gzRes.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zipped))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(unzipped, plain) || len(zipped)*4 > len(plain) {
		t.Errorf("GetReplay gzipped: %d bytes, %d unzipped, the same answer %v; plain %d bytes; want the same, in a quarter at most", len(zipped), len(unzipped), bytes.Equal(unzipped, plain), len(plain))
	}
	streamRes, events := post("WatchTable", "application/connect+json", "gzip")
	if got := streamRes.Header.Get("Content-Encoding"); streamRes.StatusCode != 200 || got != "" || !bytes.Contains(events, []byte(`"gameEnded"`)) {
		t.Errorf("WatchTable with gzip accepted: %d, Content-Encoding %q, the game's end in it %v; want 200, none, true", streamRes.StatusCode, got, bytes.Contains(events, []byte(`"gameEnded"`)))
	}
}

// TestHTTPStreamsUnbuffered: a stream's answer over HTTP (Connect, gRPC-Web) says
// "X-Accel-Buffering: no" and "Cache-Control: no-cache, no-transform", so that a proxy passes each
// message on as it comes; a unary call's does not. Through a proxy that held answers back 16 KiB
// at a time an HTTP bot's requests came late and 40 of its 92 moves were played for it (an HTTP
// bot author's trial).
func TestHTTPStreamsUnbuffered(t *testing.T) {
	_, base := serveReferee(t, Config{})
	frame := func(json string) string { return "\x00\x00\x00\x00" + string(rune(len(json))) + json }
	for _, c := range []struct{ path, contentType, body, accel, cache string }{
		{"/bezique.v1.TableService/WatchTable", "application/connect+json", frame(`{"tableId":"t-0000000000000000"}`), "no", "no-cache, no-transform"},
		{"/bezique.v1.SeatService/Play", "application/grpc-web+json", frame(`{"join":{"tableId":"t-0000000000000000"}}`), "no", "no-cache, no-transform"},
		{"/bezique.v1.TableService/GetRuleCatalog", "application/json", `{}`, "", ""},
	} {
		req, err := http.NewRequest(http.MethodPost, base+c.path, strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", c.contentType)
		req.Header.Set("Connect-Protocol-Version", "1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if accel, cache := res.Header.Get("X-Accel-Buffering"), res.Header.Get("Cache-Control"); res.StatusCode != 200 || accel != c.accel || cache != c.cache {
			t.Errorf("%s (%s): %d, X-Accel-Buffering %q, Cache-Control %q; want 200, %q, %q", c.path, c.contentType, res.StatusCode, accel, cache, c.accel, c.cache)
		}
	}
}
