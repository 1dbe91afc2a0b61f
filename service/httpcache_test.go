package service

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

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
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	base := serveAppOf(t, srv)
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
		return res.StatusCode, res.Header.Get("Cache-Control"), res.Header.Get("Vary")
	}
	const forEver = "public, max-age=31536000, immutable"
	for _, c := range []struct {
		method, message, key string
		status               int
		cache, vary          string
	}{
		{"GetRuleCatalog", `{}`, "", 200, "no-cache", ""},
		{"GetRuleCatalog", `{}`, "Bearer bzq_whatever", 200, "private, no-store", "Authorization"},
		{"GetTable", `{"tableId":"` + ended + `"}`, "", 200, "no-cache", ""},
		{"ListTables", `{}`, "", 200, "no-cache", ""},
		{"GetRecord", `{"tableId":"` + ended + `"}`, "", 200, forEver, ""},
		{"GetReplay", `{"tableId":"` + ended + `"}`, "", 200, forEver, ""},
		{"GetRecord", `{"tableId":"` + ended + `"}`, "Bearer bzq_whatever", 200, "private, no-store", "Authorization"},
		{"GetRecord", `{"tableId":"` + playing.GetTableId() + `"}`, "", 400, "no-cache", ""},
		{"GetReplay", `{"tableId":"t-0000000000000000"}`, "", 404, "no-cache", ""},
	} {
		status, cache, vary := get(c.method, c.message, c.key)
		if status != c.status || cache != c.cache || vary != c.vary {
			t.Errorf("GET %s %s key %q: %d, Cache-Control %q, Vary %q; want %d, %q, %q", c.method, c.message, c.key, status, cache, vary, c.status, c.cache, c.vary)
		}
	}
}
