//go:build !linux

package main

import "syscall"

// botProcAttr puts a bot command in its own process group, so that stop reaches the shell's
// children too. (On Linux it also dies with this process: botproc_linux.go.)
func botProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// groupLive reports whether a process of group pgid is left (a zombie too, on these systems).
func groupLive(pgid int) bool { return syscall.Kill(-pgid, 0) != syscall.ESRCH }
