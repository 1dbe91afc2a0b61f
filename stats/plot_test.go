package stats

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/img/ratings.png")

// tournament rates 60 two-handed games between three entrants of fixed strength
// (the stronger wins with probability 0.5 + 0.15 per step of strength apart) and
// returns each entrant's rating after every game it played.
func tournament() map[string][]RatingPoint {
	strength := map[string]int{"rulebook": 2, "greedy": 1, "random": 0}
	names := []string{"greedy", "random", "rulebook"}
	rng := rand.New(rand.NewPCG(7, 7))
	var r Ratings
	series := make(map[string][]RatingPoint)
	played := make(map[string]int)
	for _, name := range names {
		series[name] = []RatingPoint{{Game: 0, Rating: r.Get(name)}}
	}
	for range 60 {
		i := rng.IntN(3)
		a, b := names[i], names[(i+1+rng.IntN(2))%3]
		ranks := []int{2, 1}
		if rng.Float64() < 0.5+0.15*float64(strength[a]-strength[b]) {
			ranks = []int{1, 2}
		}
		if err := r.Update([][]string{{a}, {b}}, ranks); err != nil {
			panic(err)
		}
		for _, id := range []string{a, b} {
			played[id]++
			series[id] = append(series[id], RatingPoint{Game: played[id], Rating: r.Get(id)})
		}
	}
	return series
}

func TestPlotRatings(t *testing.T) {
	series := tournament()
	var buf bytes.Buffer
	if err := PlotRatings(&buf, "png", series); err != nil {
		t.Fatal(err)
	}
	assertPNG(t, buf.Bytes())
	if *update {
		if err := os.WriteFile("../docs/img/ratings.png", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	buf.Reset()
	if err := PlotRatings(&buf, "svg", series); err != nil {
		t.Fatal(err)
	}
	assertSVG(t, buf.Bytes())
}

func TestPlotScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	scores := make(map[string][]float64)
	for name, mean := range map[string]float64{"rulebook": 1200, "greedy": 1000, "random": 700} {
		for range 40 {
			scores[name] = append(scores[name], mean+250*rng.NormFloat64())
		}
	}
	var buf bytes.Buffer
	if err := PlotScores(&buf, "png", scores); err != nil {
		t.Fatal(err)
	}
	assertPNG(t, buf.Bytes())
	buf.Reset()
	if err := PlotScores(&buf, "svg", scores); err != nil {
		t.Fatal(err)
	}
	assertSVG(t, buf.Bytes())
}

func TestPlotRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"no series", PlotRatings(io.Discard, "png", nil), "stats: no rating series to plot"},
		{"empty series", PlotRatings(io.Discard, "png", map[string][]RatingPoint{"a": nil}), `stats: entrant "a" has no rating points`},
		{"no scores", PlotScores(io.Discard, "svg", map[string][]float64{}), "stats: no scores to plot"},
		{"empty scores", PlotScores(io.Discard, "svg", map[string][]float64{"b": {}}), `stats: entrant "b" has no scores`},
		{"format", PlotScores(io.Discard, "bmp", map[string][]float64{"b": {1}}), `stats: plot format "bmp": unsupported format: "bmp"`},
	} {
		if tc.err == nil || tc.err.Error() != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, tc.err, tc.want)
		}
	}
}

// assertPNG checks that b decodes as a PNG of 960 × 576 pixels.
func assertPNG(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("png.Decode: %v", err)
	}
	if size := img.Bounds().Size(); size.X != 960 || size.Y != 576 {
		t.Errorf("PNG is %v, want 960 × 576", size)
	}
}

// assertSVG checks that b parses as XML whose root is an <svg> of 720 × 432 points.
func assertSVG(t *testing.T, b []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var root *xml.StartElement
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == nil {
			root = &se
		}
	}
	if root == nil || root.Name.Local != "svg" {
		t.Fatalf("SVG root is %v, want svg", root)
	}
	attrs := map[string]string{}
	for _, a := range root.Attr {
		attrs[a.Name.Local] = a.Value
	}
	if attrs["width"] != "720pt" || attrs["height"] != "432pt" {
		t.Errorf("SVG is %s × %s, want 720pt × 432pt", attrs["width"], attrs["height"])
	}
	if !strings.Contains(string(b), "<path") {
		t.Error("SVG draws no path")
	}
}
