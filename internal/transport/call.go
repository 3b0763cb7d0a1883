package transport

import "context"

// Build wraps a new Client for svc in a package's own client type, so every
// package's New is one line and its error handling is written once.
func Build[C any](svc *Service, opts []Option, wrap func(*Client) *C) (*C, error) {
	t, err := New(svc, opts...)
	if err != nil {
		return nil, err
	}
	return wrap(t), nil
}

// Call sends req and returns its decoded result, so a package method is its
// input checks and one call; on error the result is nil, never a zero record.
func Call[T any](ctx context.Context, c *Client, req *Request) (*T, error) {
	var v T
	if err := c.Do(ctx, req, &v); err != nil {
		return nil, err
	}
	return &v, nil
}
