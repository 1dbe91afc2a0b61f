package stats

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// RatingPoint is an entrant's rating after it has played Game games.
type RatingPoint struct {
	Game int
	Rating
}

// The size of every plot: 10 × 6 inches, so 960 × 576 pixels in PNG (96 dots per
// inch) and 720 × 432 points in SVG.
const (
	plotWidth  = 10 * vg.Inch
	plotHeight = 6 * vg.Inch
)

// PlotRatings draws each entrant's rating over the games it played: a line through
// Mu and a translucent band Mu ± 1.96·Sigma (95 %), one colour per entrant, entrants
// in name order in the legend. format is "png" or "svg" (gonum/plot also writes
// "pdf", "eps", "jpg" and "tiff"). It returns an error, having written nothing, if
// series is empty, an entrant has no points, or the format is unknown; and any
// error of w.
func PlotRatings(w io.Writer, format string, series map[string][]RatingPoint) error {
	if len(series) == 0 {
		return errors.New("stats: no rating series to plot")
	}
	p := plot.New()
	p.Title.Text = "Ratings (band: 95 %)"
	p.X.Label.Text = "games played"
	p.Y.Label.Text = "rating μ ± 1.96 σ"
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.Left = true
	var lines []plot.Plotter
	for i, name := range sortedKeys(series) {
		points := series[name]
		if len(points) == 0 {
			return fmt.Errorf("stats: entrant %q has no rating points", name)
		}
		mu := make(plotter.XYs, len(points))
		band := make(plotter.XYs, 2*len(points))
		for j, pt := range points {
			x := float64(pt.Game)
			mu[j] = plotter.XY{X: x, Y: pt.Mu}
			band[j] = plotter.XY{X: x, Y: pt.Mu + ci95*pt.Sigma}
			band[len(band)-1-j] = plotter.XY{X: x, Y: pt.Mu - ci95*pt.Sigma}
		}
		c := plotutil.Color(i)
		poly, err := plotter.NewPolygon(band)
		if err != nil {
			return fmt.Errorf("stats: band of %q: %w", name, err)
		}
		r, g, b, _ := c.RGBA()
		poly.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: 48}
		poly.LineStyle.Width = 0
		p.Add(poly)
		line, err := plotter.NewLine(mu)
		if err != nil {
			return fmt.Errorf("stats: line of %q: %w", name, err)
		}
		line.Color = c
		line.Width = vg.Points(1.5)
		lines = append(lines, line)
		p.Legend.Add(name, line)
	}
	p.Add(lines...) // over every band
	return write(w, format, p)
}

// PlotScores draws the distribution of each entrant's scores (for example its
// points per deal) as a box plot: the box spans the quartiles, the whiskers reach
// the farthest score within 1.5 interquartile ranges, dots mark the outliers;
// entrants in name order. format is as for PlotRatings. It returns an error, having
// written nothing, if scores is empty, an entrant has no scores, or the format is
// unknown; and any error of w.
func PlotScores(w io.Writer, format string, scores map[string][]float64) error {
	if len(scores) == 0 {
		return errors.New("stats: no scores to plot")
	}
	p := plot.New()
	p.Title.Text = "Scores"
	p.Y.Label.Text = "score"
	p.Add(plotter.NewGrid())
	names := sortedKeys(scores)
	for i, name := range names {
		if len(scores[name]) == 0 {
			return fmt.Errorf("stats: entrant %q has no scores", name)
		}
		box, err := plotter.NewBoxPlot(vg.Points(40), float64(i), plotter.Values(scores[name]))
		if err != nil {
			return fmt.Errorf("stats: box of %q: %w", name, err)
		}
		box.FillColor = plotutil.Color(i)
		p.Add(box)
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5 // room for the outer boxes
	return write(w, format, p)
}

// write renders p at the plot size in format and writes it to w.
func write(w io.Writer, format string, p *plot.Plot) error {
	wt, err := p.WriterTo(plotWidth, plotHeight, format)
	if err != nil {
		return fmt.Errorf("stats: plot format %q: %w", format, err)
	}
	_, err = wt.WriteTo(w)
	return err
}

// sortedKeys is the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
