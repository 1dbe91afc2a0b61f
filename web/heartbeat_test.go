package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestQuietStreamCut: the web app's streams (api.js stream, which follow opens with heartbeats)
// take a stream that carries nothing for their quiet limit as cut ("unavailable", so follow opens
// it again), and a stream whose heartbeats come as alive. The stream is a watch of a table waiting
// for its two seats, which sends nothing but heartbeats.
func TestQuietStreamCut(t *testing.T) {
	r := startReferee(t)
	created, err := r.tables.CreateTable(context.Background(), &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: true,
		Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "a"}}}, {Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "b"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(r.url+"/"), chromedp.WaitVisible("#list")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(async () => {
		const { stream } = await import("/static/api.js");
		const outcome = (heartbeatMs, quietMs) => Promise.race([
			stream("bezique.v1.TableService/WatchTable", { tableId: %q, heartbeatMs }, () => {}, quietMs).then(() => "ended", (e) => e.message),
			new Promise((open) => setTimeout(() => open("open"), 6000))]);
		return [await outcome(0, 1500), await outcome(1000, 4000)];
	})()`, created.GetTableId()), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"unavailable: the stream carried nothing for 1.5 s", "open"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("streams: %q, want %q", got, want)
	}
}
