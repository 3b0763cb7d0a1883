package transport

// Reveal returns the value of a declared credential or setting, for a
// package that signs a request or verifies a signature with it (Cloudinary
// signs uploads and delivery URLs with the API secret, which never travels
// itself). A missing one is op's missing-credential error, before any I/O.
// The caller must not keep or print it.
func (c *Client) Reveal(op *Op, name string) (string, error) {
	v, ok := c.vault().values[name]
	if !ok {
		v = c.settings[name]
	}
	if v == "" {
		return "", c.missing(op, name)
	}
	return v, nil
}

// BaseURL returns the resolved base URL of the placeholder name ("" is the
// default), for a package that builds addresses its callers fetch
// themselves (a delivery URL); a missing one is op's missing-base error.
func (c *Client) BaseURL(op *Op, name string) (string, error) {
	b, err := c.base(op, name)
	return b.url, err
}
