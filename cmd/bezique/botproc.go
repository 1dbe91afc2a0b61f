package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bezique-arena/bezique/engine"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/wire"
)

// The environment a bot command of `bezique match --cmd` runs in: the referee's address and the
// name to serve under in its lobby. The Python and Node serve examples and `bezique bot --serve`
// take them as their --server and --name defaults.
const (
	serverEnv  = "BEZIQUE_SERVER"
	botNameEnv = "BEZIQUE_BOT_NAME"
)

// botProc is a bot command started by `bezique match`: a shell command line run in its own
// process group, which it is expected to fill with a bot in serve mode.
type botProc struct {
	flag   string // the flag that gave line: --cmd or --cmd-b
	line   string
	cmd    *exec.Cmd
	exited chan struct{} // closed when the process has exited; err and groupLeft then say how
	err    error
	// groupLeft: a process of the program's group was still running exitSettle after it
	// exited (a process it started and killed as it ended is given that long to go).
	groupLeft bool
}

// startBotProc runs line, given by the flag flag (named in errors), with sh -c, its output to out line by line, each line prefixed with
// "name: " (two programs' logs interleaved unprefixed on one terminal: a bot author's trial), with
// BEZIQUE_SERVER=addr and BEZIQUE_BOT_NAME=name added to this process's environment, and
// BEZIQUE_TLS_CA emptied (the referee at addr, in this process, serves plaintext).
func startBotProc(flag, line, addr, name string, out io.Writer) (*botProc, error) {
	c := exec.Command("sh", "-c", line)
	c.Env = append(os.Environ(), serverEnv+"="+addr, botNameEnv+"="+name, tlsCAEnv+"=")
	w := &linePrefixer{out: out, prefix: name + ": "}
	c.Stdout, c.Stderr = w, w
	c.WaitDelay = stopGrace // a program it started that keeps the output open does not hold Wait
	c.SysProcAttr = botProcAttr()
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("%s %q: %w", flag, line, err)
	}
	p := &botProc{flag: flag, line: line, cmd: c, exited: make(chan struct{})}
	go func() {
		p.err = c.Wait()
		w.flush()
		p.groupLeft = !errors.Is(p.err, exec.ErrWaitDelay) && groupStays(c.Process.Pid)
		close(p.exited)
	}()
	return p, nil
}

// groupStays reports whether a process of group pgid is still running after exitSettle, polled
// every 20 ms: a line that kills its bot and exits (`kill $!; exit 4`) left a bot still ending
// when its group was looked at once, under -race in CI.
func groupStays(pgid int) bool {
	deadline := time.Now().Add(exitSettle)
	for groupLive(pgid) {
		if time.Now().After(deadline) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// outputMu serialises the lines of every bot program of a match on their shared output.
var outputMu sync.Mutex

// maxBotLine is the most of a line a bot program prints that linePrefixer holds: a longer line
// goes out in pieces of this size, each prefixed. A program printing 300 MB without a newline
// took 845 MB and 25 s of CPU, the whole held and searched again at each write (a re-trial).
const maxBotLine = 64 << 10

// linePrefixer writes what a bot program prints to out a whole line at a time, each line
// prefixed, its control characters but tabs written as escapes (\r, \x1b[31m): a program's
// carriage return or cursor movement could otherwise overwrite the prefix, and pass its lines
// off as the other side's. flush writes a last line left without its newline.
type linePrefixer struct {
	out     io.Writer
	prefix  string
	pending []byte // the line begun, not yet ended: less than maxBotLine bytes
}

// Write implements io.Writer for exec.Cmd's copying goroutine (one per program: Stdout and
// Stderr are the same writer, so exec.Cmd copies both through one pipe).
func (w *linePrefixer) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 && len(w.pending)+len(b) < maxBotLine {
			w.pending = append(w.pending, b...)
			break
		}
		take := i + 1 // the rest of the line, its newline included
		if i < 0 || len(w.pending)+take > maxBotLine {
			take = maxBotLine - len(w.pending) // a piece of a long line
		}
		w.emit(append(w.pending, b[:take]...))
		w.pending, b = w.pending[:0], b[take:]
	}
	return n, nil
}

// flush writes the line left without its newline.
func (w *linePrefixer) flush() {
	if len(w.pending) > 0 {
		w.emit(w.pending)
		w.pending = w.pending[:0]
	}
}

// emit writes one line (or a piece of a long one) with its prefix, its control characters
// escaped, and a newline; an error of out (a closed terminal) is the match's own to meet, not
// the program's.
func (w *linePrefixer) emit(line []byte) {
	line = bytes.TrimSuffix(line, []byte("\n"))
	var b strings.Builder
	b.WriteString(w.prefix)
	for _, c := range line {
		switch {
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 && c != '\t' || c == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\n')
	outputMu.Lock()
	defer outputMu.Unlock()
	_, _ = io.WriteString(w.out, b.String())
}

// stopGrace is how long a bot command has to exit after SIGTERM before it is killed.
const stopGrace = 5 * time.Second

// stop terminates the process group (SIGTERM, which ends a Python bot without the traceback of a
// KeyboardInterrupt; the match's games are over by then) and kills it if any of its processes
// is left after stopGrace: the shell that runs the line dies at SIGTERM, and a bot it started
// that took longer to exit, or not at all, was left running when only the shell was waited for
// (an outside trial: a Node bot reconnecting to the gone referee for 7 minutes).
func (p *botProc) stop() {
	pgid := p.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	deadline := time.After(stopGrace)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.exited:
			if !groupLive(pgid) {
				return
			}
		default:
		}
		select {
		case <-tick.C:
		case <-deadline:
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
			<-p.exited
			return
		}
	}
}

// stopAll stops procs at once, each as stop does, and returns when every one has: stopped one
// after the other, a second program waited for the first's 5 s (an outside trial).
func stopAll(procs []*botProc) {
	var wg sync.WaitGroup
	for _, p := range procs {
		wg.Go(p.stop)
	}
	wg.Wait()
}

// awaitLobby waits until the bot named name is present in r's lobby and plays variant v. It
// returns an error when the process exits first, when the bot does not play v, or after wait.
func (p *botProc) awaitLobby(ctx context.Context, r *service.Referee, name string, v engine.Variant, wait time.Duration) error {
	deadline := time.After(wait)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		for _, b := range r.ListBots() {
			if b.GetName() != name {
				continue
			}
			var plays []engine.Variant
			for _, pv := range b.GetVariants() {
				if v2, err := wire.VariantFromProto(pv); err == nil {
					plays = append(plays, v2)
				}
			}
			if len(plays) > 0 && !slices.Contains(plays, v) {
				return fmt.Errorf("%s %q: the bot plays %v, not %s", p.flag, p.line, plays, v)
			}
			return nil
		}
		select {
		case <-p.exited:
			return fmt.Errorf("%s %q exited before its bot entered the lobby (%s)", p.flag, p.line, exitText(p.err))
		case <-deadline:
			var present []string
			for _, b := range r.ListBots() {
				present = append(present, strconv.Quote(b.GetName()))
			}
			there := "no bot entered it"
			if len(present) > 0 {
				there = "in it: " + strings.Join(present, ", ")
			}
			return fmt.Errorf("%s %q: no bot named %q entered the lobby within %v (%s): does it serve at $%s as $%s?", p.flag, p.line, name, wait, there, serverEnv, botNameEnv)
		case <-ctx.Done():
			return context.Cause(ctx) // "interrupt signal received", not "context canceled"
		case <-tick.C:
		}
	}
}
