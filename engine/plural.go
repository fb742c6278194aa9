package engine

// Plural is one for a count of 1 and many otherwise ("1 battle", "3
// battles"): every count in a game's words agrees with its noun through
// this one function.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
