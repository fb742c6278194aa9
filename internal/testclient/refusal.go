package testclient

import (
	"errors"
	"strings"
	"testing"

	"tableside/engine"
)

// IsRefusal reports whether err is a rule's refusal (engine.Refuse) under
// rule ("" for any rule).
func IsRefusal(err error, rule string) bool {
	var re *engine.RuleError
	return errors.As(err, &re) && (rule == "" || re.Rule == rule)
}

// Refused fails the test unless err is a refusal under rule ("" for any)
// with a message for people that says says ("" for any message, but never
// an empty one): the one refusal check the engines', the score log's and
// the web's tests share.
func Refused(t testing.TB, err error, rule, says string) {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("got %v, want a refusal %q", err, rule)
	}
	if rule != "" && re.Rule != rule {
		t.Fatalf("refused as %s (%q), want %s", re.Rule, re.Message, rule)
	}
	if re.Message == "" || !strings.Contains(re.Message, says) {
		t.Fatalf("refusal %s says %q, want it to say %q", re.Rule, re.Message, says)
	}
}
