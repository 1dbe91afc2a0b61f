package service

import (
	"context"
	"regexp"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestStoreOutOfReachIsUnavailable: with PostgreSQL out of reach, a call that needs the store is
// refused with UNAVAILABLE and a RetryInfo, as a transient failure the SDKs and gRPC clients try
// again, not INTERNAL (a bug to report), which botsdk counted as a referee it could not reach.
func TestStoreOutOfReachIsUnavailable(t *testing.T) {
	link, u := linkedSchema(t)
	st, _ := openShared(t, u)
	a := startReferee(t, st, func(c *Config) { c.Advertise = "127.0.0.1:1" })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := a.tables.CreateTable(ctx, twoRemote(false)); err != nil {
		t.Fatal(err)
	}
	link.cut()
	_, err := a.tables.CreateTable(ctx, twoRemote(false))
	st2 := status.Convert(err)
	if st2.Code() != codes.Unavailable {
		t.Fatalf("CreateTable with the store out of reach: %v; want Unavailable", err)
	}
	// What the referee was doing, not the driver's words: they named the database's user, name
	// and address to any caller (an outside trial).
	if want := regexp.MustCompile(`^store: create table "t-[0-9a-f]{16}": store: unavailable \(the referee's database cannot be reached or written now; try again\)$`); !want.MatchString(st2.Message()) {
		t.Errorf("CreateTable with the store out of reach says %q, want %q", st2.Message(), want)
	}
	var retry *errdetails.RetryInfo
	for _, d := range st2.Details() {
		if r, ok := d.(*errdetails.RetryInfo); ok {
			retry = r
		}
	}
	if retry.GetRetryDelay().AsDuration() != time.Second {
		t.Errorf("CreateTable's refusal carries RetryInfo %v; want a delay of 1s", retry)
	}
	_, err = a.tables.GetTable(ctx, &pb.GetTableRequest{TableId: "t-0000000000000000"})
	if status.Code(err) != codes.Unavailable {
		t.Errorf("GetTable of a table not in memory with the store out of reach: %v; want Unavailable", err)
	}
}
