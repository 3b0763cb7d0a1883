package inference

// The optional scalar fields of a request are pointers, so that nil means
// "not sent, the host's default applies" and a zero (Temperature 0, a
// PresencePenalty of 0, Logprobs false) can still be sent. These helpers
// build them in place:
//
//	req.Temperature = inference.Float(0.2)
//	req.MaxTokens = inference.Int(256)
//	req.ParallelToolCalls = inference.Bool(false)

// Float returns a pointer to v, for Temperature, TopP and the penalties.
func Float(v float64) *float64 { return &v }

// Int returns a pointer to v, for MaxTokens, N and TopLogprobs.
func Int(v int) *int { return &v }

// Int64 returns a pointer to v, for Seed.
func Int64(v int64) *int64 { return &v }

// Bool returns a pointer to v, for Logprobs and ParallelToolCalls.
func Bool(v bool) *bool { return &v }
