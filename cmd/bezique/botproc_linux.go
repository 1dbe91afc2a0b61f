package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// botProcAttr puts a bot command in its own process group (so that stop reaches the shell's
// children too) and has Linux send it SIGTERM when this process dies (PR_SET_PDEATHSIG): a match
// killed with SIGKILL cannot stop its programs, and a bot that was serving in its lobby redials
// the gone referee for ever. The signal reaches the shell, not the commands it started (Debian's
// dash does not exec a line's last command: a competition host's trial), unless the line execs
// its bot (`exec python3 bot.py`).
func botProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}

// groupLive reports whether a process of group pgid is running, from /proc: a zombie does not
// count, as kill(-pgid, 0) counts it, since a PID 1 that reaps no orphan (this project's CI
// machines, some containers) keeps the group's exited processes as zombies for ever.
func groupLive(pgid int) bool {
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return syscall.Kill(-pgid, 0) != syscall.ESRCH
	}
	for _, d := range dirs {
		if _, err := strconv.Atoi(d.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue // it exited meanwhile
		}
		// "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
		i := strings.LastIndexByte(string(stat), ')')
		f := strings.Fields(string(stat[i+1:]))
		if len(f) > 2 && f[0] != "Z" && f[2] == strconv.Itoa(pgid) {
			return true
		}
	}
	return false
}
