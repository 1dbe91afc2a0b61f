//go:build !linux

package main

import "syscall"

// botProcAttr puts a bot command in its own process group, so that stop reaches the shell's
// children too. (On Linux it also dies with this process: botproc_linux.go.)
func botProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
