package transport

import (
	"errors"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
)

// callSettings are the settings one call runs with: the client's, with the
// call's own options on top.
type callSettings struct {
	maxRetries             int
	maxWait                time.Duration
	minBackoff, maxBackoff time.Duration
	maxBytes               int64
	idle, bodyTime         time.Duration
	header, query          []string
	fields                 []config.Field
	base                   string
	idempotent             bool
	responses              []*conduit.Response
}

func clientDefaults(st *config.Settings) *callSettings {
	cs := &callSettings{
		maxRetries: DefaultMaxRetries,
		maxWait:    DefaultMaxRetryWait,
		minBackoff: 250 * time.Millisecond,
		maxBackoff: 8 * time.Second,
		maxBytes:   DefaultMaxResponseBytes,
		idle:       DefaultIdleTimeout,
		bodyTime:   DefaultBodyTimeout,
	}
	cs.apply(st)
	return cs
}

// apply lays what st sets over cs.
func (cs *callSettings) apply(st *config.Settings) {
	if st.MaxRetries != nil {
		cs.maxRetries = *st.MaxRetries
	}
	if st.MaxWait != nil {
		cs.maxWait = *st.MaxWait
	}
	if st.MinBackoff != nil {
		cs.minBackoff, cs.maxBackoff = *st.MinBackoff, *st.MaxBackoff
	}
	if st.MaxBytes != nil {
		cs.maxBytes = *st.MaxBytes
	}
	if st.IdleTimeout != nil {
		cs.idle = *st.IdleTimeout
	}
	if st.BodyTimeout != nil {
		cs.bodyTime = *st.BodyTimeout
	}
	cs.header = append(cs.header[:len(cs.header):len(cs.header)], st.Header...)
	cs.query = append(cs.query[:len(cs.query):len(cs.query)], st.Query...)
	cs.fields = append(cs.fields[:len(cs.fields):len(cs.fields)], st.BodyFields...)
	if st.Base != "" {
		cs.base = st.Base
	}
	cs.idempotent = cs.idempotent || st.Idempotent
	for _, r := range st.Responses {
		cs.responses = append(cs.responses, r.(*conduit.Response))
	}
}

// forCall returns the settings of one call: the client's own when the call
// has no options, so that the common case builds nothing.
func (c *Client) forCall(op *Op, opts []conduit.Option) (*callSettings, error) {
	if len(opts) == 0 {
		return c.defaults, nil
	}
	st := &config.Settings{Level: config.Call, Service: c.svc.Name}
	apply(st, opts)
	if errs := st.Errs(); len(errs) > 0 {
		return nil, op.Invalid("options", "%v", errors.Join(errs...))
	}
	cs := *c.defaults
	cs.apply(st)
	return &cs, nil
}
