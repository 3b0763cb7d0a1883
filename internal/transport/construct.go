package transport

// Construct builds the core client of svc from opts and wraps it in an
// interface package's own Client type, so that a package's New is a single
// call and the error plumbing lives in one place.
func Construct[C any](svc *Service, opts []Option, wrap func(*Client) *C) (*C, error) {
	t, err := New(svc, opts...)
	if err != nil {
		return nil, err
	}
	return wrap(t), nil
}
