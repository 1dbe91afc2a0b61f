package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/prometheus/procfs"
	"github.com/spf13/cobra"
	"google.golang.org/grpc"

	"github.com/bezique-arena/bezique/internal/netaddr"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
)

// Bounds of a load test: it runs for --duration (at most maxLoadDuration) after a ramp of at most
// --ramp-timeout (at most maxLoadRamp), so it always ends.
const (
	maxLoadDuration = 10 * time.Minute
	maxLoadRamp     = 5 * time.Minute
)

// loadOptions are the flags of "bezique loadtest".
type loadOptions struct {
	tables       int
	duration     time.Duration
	think        time.Duration
	workers      int
	seatsPerConn int
	view         string
	viewMode     pb.ViewMode
	conn         connFlags // server "" starts a referee in this process
	refereePID   int
	rampTimeout  time.Duration
}

func newLoadtestCmd() *cobra.Command {
	var o loadOptions
	var worker bool
	cmd := &cobra.Command{
		Use:   "loadtest",
		Short: "Hold many two-handed tables with remote bots and measure the referee",
		Long: `loadtest keeps --tables two-handed tables in play, each between two random bots that are remote
seats of the referee: the bots run in --workers child processes (this command again, with --worker),
each seat on its own stream, --seats-per-conn seats to a connection. A game that ends is followed
by a new table at once. Once every table is playing it measures for --duration, cancels the
tables in play, and prints:

  offered_actions_per_s     tables / mean think time (each table waits for one decision at a time);
                            "unlimited" without --think. The achieved rate stays below it by the
                            round trips: each decision takes its think time plus one round trip
  achieved_actions_per_s    actions applied per second, as the bots saw their events
  actions                   the actions applied while measuring
  games                     the games completed while measuring (a two-handed game to 1 000 takes
                            several hundred actions: 0 in a short run with a think time)
  errors                    table creations refused for another reason than the referee's table
                            limit (reached for a moment as tables end), seats whose bot failed,
                            round trips over a minute
  round_trip_*_ms           from a bot's answer to the event of its action (p50, p99, p99.9)
  referee_cpu_per_action_us the referee's user+system CPU over the run / actions
  referee_reads_per_action  the referee's read system calls over the run / actions (most are gRPC's
                            reads of its connections; Linux's /proc/PID/io, "unknown" when that
                            file is not readable: a referee of another user)
  referee_writes_per_action the same for its write system calls (gRPC's flushes to the sockets)
  referee_rss_per_table_kb  the referee's resident memory growth since before the tables / tables
  referee_heap_per_table_kb the same for the Go heap in use (in-process referee only)

Without --server the referee runs in this process (in memory); with --server it is a running
referee on loopback (over TLS with --tls or --tls-ca), through which the test creates its tables
(with a shared PostgreSQL store that referee owns them all), and --referee-pid names its process for the CPU and memory figures ("unknown" without; with
several referees on the machine, the one at --server: $! after starting it, where "pgrep -n" finds
the newest).
The figures are the referee process's own: a PostgreSQL store's server is not in them. Only
loopback addresses are accepted: this is a load generator for your own machine. A progress line
goes to stderr when it is a terminal.`,
		Example: `  bezique loadtest --tables 1000 --duration 60s
  bezique loadtest --tables 10000 --think 500ms --seats-per-conn 4 --duration 60s
  bezique loadtest --server 127.0.0.1:7777 --referee-pid "$(pgrep -n bezique-referee)" --tables 200 --duration 30s
  bezique loadtest --server localhost:7777 --tls-ca ca.pem --referee-pid "$(pgrep -n bezique-referee)" --tables 1000 --duration 60s`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.conn.server == "" && !cmd.Flags().Changed("tls-ca") {
				o.conn.caFile = "" // $BEZIQUE_TLS_CA is for a referee dialled, not the plaintext one started here
			}
			if err := o.check(cmd.Flags().Changed("duration"), worker); err != nil {
				return err
			}
			if worker {
				return runLoadWorker(cmd.Context(), o, apiKey(cmd), cmd.InOrStdin(), cmd.OutOrStdout())
			}
			return runLoadtest(cmd.Context(), o, apiKey(cmd), cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.tables, "tables", 100, "two-handed tables held in play at once")
	f.DurationVar(&o.duration, "duration", 0, "how long to measure, once every table is playing (required; at most "+maxLoadDuration.String()+")")
	f.DurationVar(&o.think, "think", 0, "each bot's mean think time before it answers a decision request (uniform from 0 to twice this)")
	f.IntVar(&o.workers, "workers", 2, "bot processes")
	f.IntVar(&o.seatsPerConn, "seats-per-conn", 1, "seats that share one gRPC connection (a stream each)")
	f.StringVar(&o.view, "view", "compact", "the bots' Join.view_mode: compact (the view in its compact form, the SDKs' default), full (the view with every card spelled out) or none (lean requests)")
	o.conn.register(f, "", "a running referee on loopback, host:port (default: one in this process)")
	f.IntVar(&o.refereePID, "referee-pid", 0, "the process id of the --server referee, for its CPU and memory figures")
	f.DurationVar(&o.rampTimeout, "ramp-timeout", 2*time.Minute, "how long the tables may take to start playing (at most "+maxLoadRamp.String()+")")
	f.BoolVar(&worker, "worker", false, "run as a bot process of a load test (started by loadtest itself)")
	_ = f.MarkHidden("worker")
	return cmd
}

// check validates the flags and fills viewMode.
func (o *loadOptions) check(durationSet, worker bool) error {
	switch {
	case o.tables < 1:
		return fmt.Errorf("--tables %d: want at least 1", o.tables)
	case o.workers < 1:
		return fmt.Errorf("--workers %d: want at least 1", o.workers)
	case o.seatsPerConn < 1:
		return fmt.Errorf("--seats-per-conn %d: want at least 1", o.seatsPerConn)
	case o.think < 0:
		return fmt.Errorf("--think %v: want 0 or more", o.think)
	case worker:
	case !durationSet || o.duration <= 0 || o.duration > maxLoadDuration:
		return fmt.Errorf("--duration is required, more than 0 and at most %v", maxLoadDuration)
	case o.rampTimeout <= 0 || o.rampTimeout > maxLoadRamp:
		return fmt.Errorf("--ramp-timeout %v: want more than 0 and at most %v", o.rampTimeout, maxLoadRamp)
	}
	switch o.view {
	case "full":
		o.viewMode = pb.ViewMode_VIEW_MODE_FULL
	case "compact":
		o.viewMode = pb.ViewMode_VIEW_MODE_COMPACT
	case "none":
		o.viewMode = pb.ViewMode_VIEW_MODE_NONE
	default:
		return fmt.Errorf("--view %q: want full, compact or none", o.view)
	}
	if o.conn.server != "" && !netaddr.IsLoopback(o.conn.server) {
		return fmt.Errorf("--server %s: a load test targets a referee on loopback only (127.0.0.1, ::1 or localhost)", o.conn.server)
	}
	if o.conn.server == "" && len(o.conn.tlsArgs()) > 0 {
		return errors.New("--tls, --tls-ca, --tls-cert and --tls-key need --server: the referee a load test starts itself serves plaintext")
	}
	return nil
}

// usage is a process's CPU time and resident memory, read from /proc/PID/stat, and the read and
// write system calls it has made, from /proc/PID/io when this process may read it (syscalls
// false otherwise: the file of another user's process is not readable, where stat is).
type usage struct {
	cpuSeconds    float64
	rssBytes      int
	reads, writes uint64
	syscalls      bool
}

// processUsage reads pid's usage.
func processUsage(pid int) (usage, error) {
	p, err := procfs.NewProc(pid)
	if err != nil {
		return usage{}, err
	}
	st, err := p.Stat()
	if err != nil {
		return usage{}, err
	}
	u := usage{cpuSeconds: st.CPUTime(), rssBytes: st.ResidentMemory()}
	if io, err := p.IO(); err == nil {
		u.reads, u.writes, u.syscalls = io.SyscR, io.SyscW, true
	}
	return u, nil
}

// heapInUse returns this process's Go heap in use (live and not yet swept objects) after a GC.
func heapInUse() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// loadProcess is a running worker process and its reports.
type loadProcess struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	reports chan workerReport // ready and final reports

	mu         sync.Mutex
	progress   workerReport
	progressAt time.Time // when the latest progress report came
}

// reportWait is how long a load test waits for a worker's next report; after the stop, as long
// as the worker's progress reports keep coming (it is cancelling its tables), it waits again.
const reportWait = 30 * time.Second

// errQuiet is the error of a worker that sent no report within the wait.
var errQuiet = errors.New("nothing")

// loadRefereeConfig is the configuration of a load test's in-process referee: room for o.tables
// tables and the ones that replace ended games, and per-principal limits that let the test's one
// principal (its workers, all on 127.0.0.1) create and hold them all; a public referee's defaults
// (100 waiting tables, 300 creations a minute) refused the 101st table of the ramp, and 1 000
// tables waiting or in play would refuse the 1 001st.
func loadRefereeConfig(o loadOptions, stderr io.Writer) service.Config {
	n := 2*o.tables + 100
	return service.Config{Logger: quietLogger(stderr), MaxTables: n, MaxWaitingPerPrincipal: n,
		MaxTablesPerPrincipal: max(service.DefaultMaxTablesPerPrincipal, n), CreatesPerMinute: max(service.DefaultCreatesPerMinute, 60*n)}
}

// runLoadtest runs a load test as o says and prints its report on out.
func runLoadtest(ctx context.Context, o loadOptions, key string, out, stderr io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, o.rampTimeout+o.duration+2*time.Minute)
	defer cancel()
	pid, inProcess := o.refereePID, o.conn.server == ""
	if inProcess {
		srv, err := service.New(ctx, loadRefereeConfig(o, stderr))
		if err != nil {
			return err
		}
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			srv.Close()
			return err
		}
		g := grpc.NewServer(service.ServerOptions(nil)...)
		srv.Register(g)
		go func() { _ = g.Serve(lis) }()
		defer func() { // after the workers (deferred below): their tables are cancelled by then
			g.Stop()
			srv.Close()
		}()
		o.conn.server, pid = lis.Addr().String(), os.Getpid()
	}
	var before usage
	var heapBefore uint64
	if pid != 0 {
		if inProcess {
			heapBefore = heapInUse()
		}
		var err error
		if before, err = processUsage(pid); err != nil {
			return fmt.Errorf("--referee-pid %d: %w", pid, err)
		}
	}
	procs, err := startWorkers(ctx, o, key)
	if err != nil {
		return err
	}
	defer func() {
		for _, p := range procs {
			p.stdin.Close()
			_ = p.cmd.Wait()
		}
	}()
	for i, p := range procs {
		if r, err := p.next(ctx, o.rampTimeout); err != nil || !r.Ready {
			return fmt.Errorf("worker %d: tables not all playing after %v: %v", i, o.rampTimeout, err)
		}
	}
	var start usage
	if pid != 0 {
		if start, err = processUsage(pid); err != nil {
			return err
		}
	}
	for _, p := range procs {
		fmt.Fprintln(p.stdin, "start")
	}
	began := time.Now()
	live := isTerminal(stderr)
	for time.Since(began) < o.duration {
		sleepCtx(ctx, min(time.Second, o.duration-time.Since(began)))
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var actions int64
		for _, p := range procs {
			actions += p.latest().Actions
		}
		if live {
			el := time.Since(began).Seconds()
			fmt.Fprintf(stderr, "\r%5.0fs of %.0fs  %d actions  %.0f/s ", el, o.duration.Seconds(), actions, float64(actions)/el)
		}
	}
	elapsed := time.Since(began)
	var end usage
	var heapEnd uint64
	if pid != 0 {
		if end, err = processUsage(pid); err != nil {
			return err
		}
		if inProcess {
			heapEnd = heapInUse()
		}
	}
	if live {
		fmt.Fprintln(stderr)
	}
	for _, p := range procs {
		fmt.Fprintln(p.stdin, "stop")
	}
	total := workerReport{}
	hist := hdrhistogram.New(rttLowestUs, rttHighestUs, rttSignificant)
	for i, p := range procs {
		var r workerReport
		for !r.Final {
			if r, err = p.next(ctx, reportWait); err != nil {
				if errors.Is(err, errQuiet) && time.Since(p.lastProgress()) < reportWait {
					continue // still cancelling its tables
				}
				return fmt.Errorf("worker %d: no final report: %w", i, err)
			}
		}
		total.Actions += r.Actions
		total.Games += r.Games
		total.Errors += r.Errors
		if r.RoundTrip != nil {
			hist.Merge(hdrhistogram.Import(r.RoundTrip))
		}
	}
	run := usage{cpuSeconds: end.cpuSeconds - start.cpuSeconds, reads: end.reads - start.reads, writes: end.writes - start.writes,
		syscalls: start.syscalls && end.syscalls}
	printLoadReport(out, o, elapsed, total, hist, pid != 0, run, end.rssBytes-before.rssBytes, inProcess, int64(heapEnd)-int64(heapBefore))
	return nil
}

// startWorkers starts o.workers worker processes (this executable, "loadtest --worker"), sharing
// o.tables between them, each with the API key in its environment.
func startWorkers(ctx context.Context, o loadOptions, key string) ([]*loadProcess, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	var procs []*loadProcess
	for i := range o.workers {
		n := o.tables/o.workers + btoi(i < o.tables%o.workers)
		if n == 0 {
			continue
		}
		c := exec.CommandContext(ctx, exe, append([]string{"loadtest", "--worker", "--server", o.conn.server, "--tables", strconv.Itoa(n),
			"--think", o.think.String(), "--seats-per-conn", strconv.Itoa(o.seatsPerConn), "--view", o.view}, o.conn.tlsArgs()...)...)
		// Its TLS is in tlsArgs: $BEZIQUE_TLS_CA would give an in-process referee's worker one.
		c.Env = append(os.Environ(), keyEnv+"="+key, tlsCAEnv+"=")
		c.Stderr = os.Stderr // a worker's errors, as they come
		p := &loadProcess{cmd: c, reports: make(chan workerReport, 2)}
		if p.stdin, err = c.StdinPipe(); err != nil {
			return procs, err
		}
		stdout, err := c.StdoutPipe()
		if err != nil {
			return procs, err
		}
		if err := c.Start(); err != nil {
			return procs, fmt.Errorf("start a load worker: %w", err)
		}
		procs = append(procs, p)
		go p.read(stdout)
	}
	return procs, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// read decodes the worker's report lines until its stdout ends: ready and final reports go to
// p.reports, progress reports replace each other in p.progress.
func (p *loadProcess) read(r io.Reader) {
	defer close(p.reports)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20) // a final report carries a histogram
	for sc.Scan() {
		var rep workerReport
		if json.Unmarshal(sc.Bytes(), &rep) != nil {
			continue
		}
		if rep.Ready || rep.Final {
			p.reports <- rep
			continue
		}
		p.mu.Lock()
		p.progress, p.progressAt = rep, time.Now()
		p.mu.Unlock()
	}
}

// next returns the worker's next report, waiting at most wait.
func (p *loadProcess) next(ctx context.Context, wait time.Duration) (workerReport, error) {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case r, ok := <-p.reports:
		if !ok {
			return r, errors.New("the worker ended (its errors are above)")
		}
		return r, nil
	case <-t.C:
		return workerReport{}, fmt.Errorf("%w after %v", errQuiet, wait)
	case <-ctx.Done():
		return workerReport{}, ctx.Err()
	}
}

// lastProgress returns when the worker's latest progress report came.
func (p *loadProcess) lastProgress() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.progressAt
}

// latest returns the worker's latest progress report.
func (p *loadProcess) latest() workerReport {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.progress
}

// printLoadReport prints the figures, one "name: value" line each.
func printLoadReport(w io.Writer, o loadOptions, elapsed time.Duration, t workerReport, hist *hdrhistogram.Histogram,
	measured bool, run usage, rssDelta int, inProcess bool, heapDelta int64) {
	where := "an in-process referee"
	if !inProcess {
		where = "the referee at " + o.conn.server
	}
	fmt.Fprintf(w, "load test: %d two-handed tables on %s; random bots: worker processes %d, seats per connection %d, view %s, think %v; measured %.1fs\n",
		o.tables, where, o.workers, o.seatsPerConn, o.view, o.think, elapsed.Seconds())
	offered := "unlimited"
	if o.think > 0 {
		offered = fmt.Sprintf("%.1f", float64(o.tables)/o.think.Seconds())
	}
	per := func(ok bool, v float64, format string) string {
		if !ok {
			return "unknown"
		}
		return fmt.Sprintf(format, v)
	}
	ms := func(q float64) string { return fmt.Sprintf("%.3f", float64(hist.ValueAtPercentile(q))/1000) }
	lines := []struct{ name, value string }{
		{"tables", strconv.Itoa(o.tables)},
		{"duration_s", fmt.Sprintf("%.2f", elapsed.Seconds())},
		{"think_ms", strconv.FormatInt(o.think.Milliseconds(), 10)},
		{"offered_actions_per_s", offered},
		{"achieved_actions_per_s", fmt.Sprintf("%.1f", float64(t.Actions)/elapsed.Seconds())},
		{"actions", strconv.FormatInt(t.Actions, 10)},
		{"games", strconv.FormatInt(t.Games, 10)},
		{"errors", strconv.FormatInt(t.Errors, 10)},
		{"round_trip_p50_ms", ms(50)},
		{"round_trip_p99_ms", ms(99)},
		{"round_trip_p999_ms", ms(99.9)},
		{"referee_cpu_per_action_us", per(measured && t.Actions > 0, run.cpuSeconds*1e6/float64(t.Actions), "%.1f")},
		{"referee_reads_per_action", per(measured && run.syscalls && t.Actions > 0, float64(run.reads)/float64(t.Actions), "%.2f")},
		{"referee_writes_per_action", per(measured && run.syscalls && t.Actions > 0, float64(run.writes)/float64(t.Actions), "%.2f")},
		{"referee_rss_per_table_kb", per(measured, float64(rssDelta)/1024/float64(o.tables), "%.1f")},
		{"referee_heap_per_table_kb", per(inProcess, float64(heapDelta)/1024/float64(o.tables), "%.1f")},
	}
	for _, l := range lines {
		fmt.Fprintf(w, "%s: %s\n", l.name, l.value)
	}
}
