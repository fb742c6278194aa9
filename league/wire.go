package league

// The hub's machine endpoints.
const (
	PairPath = "/league/pair"
	PushPath = "/league/push"
)

// PairRequest is what a table sends with the code its host typed.
type PairRequest struct {
	Code string `json:"code"`
	Name string `json:"name"` // the table's name, shown on the hub's admin page
}

// PairResponse is the table's identity and key, given once.
type PairResponse struct {
	Table string `json:"table"`
	Key   string `json:"key"` // hex
}

// PushRequest is a signed batch of plays.
type PushRequest struct {
	Plays []Play `json:"plays"`
}

// PushResponse is the hub's answer to a push, one result per play.
type PushResponse struct {
	Results []Result `json:"results"`
}

// SetAside is a play a table keeps out of its pushes because the league
// refused what it holds: the table's key for it, its title and date, and
// why (the hub's words, or the table's own check of the same limits).
type SetAside struct {
	Key, Title, Date, Why string
}
