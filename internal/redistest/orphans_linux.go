package redistest

import (
	"os/exec"
	"syscall"
)

// DieWithTest has the kernel kill cmd when the test process dies, so that a
// test binary killed by its timeout leaves no redis-server or child behind.
func DieWithTest(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
