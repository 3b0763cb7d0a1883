package replay

// ServeIf starts a replay server and exports its environment (Setenv) when
// on is set, as the examples' -replay flag asks; stop closes it.
func ServeIf(on bool) (stop func()) {
	if !on {
		return func() {}
	}
	s := Start()
	s.Setenv()
	return s.Close
}
