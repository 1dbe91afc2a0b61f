package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"google.golang.org/grpc/metadata"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

// TestEmbedAfterMemory: a public game that has left the referee's memory, framed by another site
// for a visitor without a key, with keys on, shows its replay in the frame, without the page's
// chrome, to the record's scores. The frame went blank before: the view went to /replay/{id},
// which may not be framed, and that page read the record with GetRecord, which wanted a key (an
// integrator's trial).
func TestEmbedAfterMemory(t *testing.T) {
	r := startRefereeWith(t, service.Config{Auth: &service.Auth{AdminKey: adminKey}, KeepFinished: 1,
		Store: store.NewMemory(store.DefaultKeepEnded)}) // the store keeps the game that leaves memory
	ctx := browser(t)
	admin := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+adminKey)
	play := func() string {
		resp, err := r.tables.CreateTable(admin, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED, Public: true,
			Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "rulebook"}}},
				{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}, Seed: make([]byte, 32)})
		if err != nil {
			t.Fatal(err)
		}
		return resp.GetTableId()
	}
	id := play()
	rec := awaitRecord(t, r, id) // public: read without a key
	awaitRecord(t, r, play())    // KeepFinished 1: the first game leaves memory

	embed := r.url + "/embed/t/" + id
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>A club's page</title><iframe src=%q width="800" height="600" title="Bézique table"></iframe>`, embed)
	}))
	defer site.Close()
	if err := chromedp.Do(ctx, chromedp.Navigate(strings.Replace(site.URL, "127.0.0.1", "localhost", 1))); err != nil {
		t.Fatal(err)
	}
	fctx := frameAt(t, ctx, r.url+"/embed/replay/"+id)
	if err := chromedp.Do(fctx, chromedp.WaitVisible("#step")); err != nil {
		t.Fatal(err)
	}
	showsRecordAlone(t, fctx, rec, "the framed replay")
}
