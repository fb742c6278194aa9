package league

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// The headers a push carries.
const (
	HeaderTable     = "X-League-Table"
	HeaderTime      = "X-League-Time" // Unix seconds
	HeaderNonce     = "X-League-Nonce"
	HeaderSignature = "X-League-Signature" // hex HMAC-SHA256
)

// MaxSkew is how far a push's time may be from the hub's clock.
const MaxSkew = 5 * time.Minute

// Keys derives each table's key from the hub's secret, so the database
// (and every pg_dump of it) holds no key: a stolen backup cannot sign.
type Keys struct{ secret []byte }

// NewKeys returns the key maker for a hub secret (32 bytes or more).
func NewKeys(secret []byte) (Keys, error) {
	if len(secret) < 32 {
		return Keys{}, errors.New("the hub's secret must be at least 32 bytes")
	}
	return Keys{secret: secret}, nil
}

// For is the key of table id.
func (k Keys) For(tableID string) []byte {
	m := hmac.New(sha256.New, k.secret)
	m.Write([]byte("tableside league table key\x00" + tableID))
	return m.Sum(nil)
}

// KeyHash names a key without revealing it (kept in the tables row, so a
// hub whose secret changed sees that its old keys are not its own).
func KeyHash(key []byte) string {
	h := sha256.Sum256(key)
	return hex.EncodeToString(h[:])
}

// Sign is the signature of a push: HMAC-SHA256 under the table's key over
// the time, the nonce and the body.
func Sign(key []byte, unix int64, nonce string, body []byte) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "%d\n%s\n", unix, nonce)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// CheckHeaders checks what a push's headers say of it before its body is
// read: a readable time within MaxSkew of the hub's clock, a nonce and a
// signature of the right form. It names what is wrong.
func CheckHeaders(timeHeader, nonce, sig string, now time.Time) (int64, error) {
	unix, err := strconv.ParseInt(timeHeader, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("the push has no readable %s", HeaderTime)
	}
	if d := now.Sub(time.Unix(unix, 0)); d > MaxSkew || d < -MaxSkew {
		return 0, fmt.Errorf("the push's time is %s away from the hub's clock (at most %s); set the table's clock", d.Round(time.Second), MaxSkew)
	}
	if len(nonce) < 16 || len(nonce) > 64 {
		return 0, fmt.Errorf("the push's %s must be 16 to 64 characters", HeaderNonce)
	}
	if _, err := hex.DecodeString(sig); err != nil || len(sig) != 2*sha256.Size {
		return 0, fmt.Errorf("the push's %s is not a signature", HeaderSignature)
	}
	return unix, nil
}

// Verify checks a push's headers (CheckHeaders) and its signature over the
// body. It names what is wrong.
func Verify(key []byte, timeHeader, nonce, sig string, body []byte, now time.Time) error {
	unix, err := CheckHeaders(timeHeader, nonce, sig, now)
	if err != nil {
		return err
	}
	want := Sign(key, unix, nonce, body)
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return errors.New("the signature does not match this table's key")
	}
	return nil
}
