package replay

import (
	"path/filepath"
	"runtime"
)

// testdataDir is conduittest's testdata folder, for goldens that tests
// rewrite with -update.
var testdataDir = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "conduittest", "testdata")
}()
