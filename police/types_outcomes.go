package police

// Outcome is one step of a crime's case history. RawJSON returns it as
// sent.
type Outcome struct {
	raw      `json:"-"`
	Category OutcomeCategory `json:"category"`
	Date     string          `json:"date"` // YYYY-MM
	// PersonID identifies the suspect or offender where the force gives
	// one; nil when the service sends null.
	PersonID *int64 `json:"person_id"`
}

// OutcomeCategory is the kind of an outcome: a code and its wording.
type OutcomeCategory struct {
	Code string `json:"code"` // "under-investigation"
	Name string `json:"name"` // "Under investigation"
}

// StreetOutcome is an outcome recorded at street level, with the crime it
// is the outcome of. RawJSON returns it as sent.
type StreetOutcome struct {
	raw      `json:"-"`
	Category OutcomeCategory `json:"category"`
	Date     string          `json:"date"` // YYYY-MM
	// PersonID is nil when the service sends null.
	PersonID *int64 `json:"person_id"`
	// Crime has no OutcomeStatus here: the outcome is the record itself.
	Crime Crime `json:"crime"`
}

// CrimeOutcomes is a crime's case history. RawJSON returns it as sent.
type CrimeOutcomes struct {
	raw      `json:"-"`
	Crime    Crime     `json:"crime"`
	Outcomes []Outcome `json:"outcomes"`
}
