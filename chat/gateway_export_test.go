package chat

import "time"

// NoInvalidSessionWait makes op 9's documented 1 to 5 s wait none, for the
// tests; it returns the undo.
func NoInvalidSessionWait() func() {
	old := invalidSessionWait
	invalidSessionWait = func() time.Duration { return 0 }
	return func() { invalidSessionWait = old }
}

// NewMemoryStarts is a fresh in-process SessionStarts, so a test counts
// its own starts only.
func NewMemoryStarts() SessionStarts {
	return &memoryStarts{budgets: map[string]*startBudget{}}
}
