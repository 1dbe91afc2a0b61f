package main

import "syscall"

// botProcAttr puts a bot command in its own process group (so that stop reaches the shell's
// children too) and has Linux send it SIGTERM when this process dies (PR_SET_PDEATHSIG): a match
// killed with SIGKILL cannot stop its programs, and a bot that was serving in its lobby redials
// the gone referee for ever. The signal reaches the shell, or the bot the shell execs as the
// last command of the line (`sh -c 'python3 bot.py'` does), not the children of a longer line.
func botProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
