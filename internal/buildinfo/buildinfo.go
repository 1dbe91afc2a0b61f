// Package buildinfo says which build of the referee or the CLI is running, for --version, logs
// and the bezique_build_info metric.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Version returns the version and commit of the running binary. Values stamped by the build
// (-ldflags "-X main.version=... -X main.commit=...") win; otherwise they come from the module's
// build information (runtime/debug.ReadBuildInfo): the module version of a "go install
// module@version", and the VCS revision (with "-dirty" for uncommitted changes) and time stamped
// by go build in a git checkout. A build with neither (go run, or -buildvcs=false) says so:
// "devel" and "unknown (built without VCS stamping)".
func Version(stamped, commit string) (string, string) {
	info, ok := debug.ReadBuildInfo()
	return fromBuildInfo(stamped, commit, info, ok)
}

// fromBuildInfo is Version over the given build information.
func fromBuildInfo(stamped, commit string, info *debug.BuildInfo, ok bool) (string, string) {
	version := stamped
	if version == "" && ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		version = info.Main.Version
	}
	if version == "" {
		version = "devel"
	}
	if commit == "" && ok {
		var rev, at, dirty string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "-dirty"
				}
			}
		}
		if rev != "" {
			commit = strings.TrimSpace(rev + dirty + " " + at)
		}
	}
	if commit == "" {
		commit = "unknown (built without VCS stamping)"
	}
	return version, commit
}
