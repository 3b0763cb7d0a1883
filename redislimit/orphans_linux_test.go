package redislimit_test

import (
	"os/exec"
	"syscall"
)

// dieWithTest has the kernel kill cmd when the test process dies, so that a
// test binary killed by its timeout leaves no redis-server or child behind.
func dieWithTest(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
