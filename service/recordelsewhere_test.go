package service

import (
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestGetRecordOfATableElsewhere: GetRecord of a table waiting for its seats says the same
// through the referee that runs it (A) and through another sharing its store (B), which reads
// the table's row; B said "table T has no record yet", without the table's state or when the
// record comes.
func TestGetRecordOfATableElsewhere(t *testing.T) {
	a, b, _, resp := tableOnA(t)
	id := resp.GetTableId()
	want := "table " + id + " is waiting: the record is available when the game ends"
	for _, p := range []struct {
		name string
		ref  *peerReferee
	}{{"A", a}, {"B", b}} {
		_, err := p.ref.tables.GetRecord(t.Context(), &pb.GetRecordRequest{TableId: id})
		if st := status.Convert(err); st.Code() != codes.FailedPrecondition || st.Message() != want {
			t.Errorf("GetRecord through %s: %v; want FailedPrecondition %q", p.name, err, want)
		}
	}
}
