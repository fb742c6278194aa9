package coldcash

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"tableside/ledger"
)

// The copy a decision simulates on is the whole state, and what it posts
// and changes stays in the copy: its book shares the entries so far, and
// an entry posted to it must not reach the original's history.
func TestCloneIsTheWholeStateAndItsChangesStayInTheCopy(t *testing.T) {
	s := benchTableAfter(t, 50)
	s.Book.Entries = slices.Grow(s.Book.Entries, 8) // room after the last entry, which a shared array would hand to both
	encode := func(st *State) string {
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	before := encode(s)
	c := s.clone()
	if got := encode(c); got != before {
		t.Fatalf("the copy differs from the state:\n%s\n%s", got, before)
	}
	c.Book.MustPost("in the copy", transferCash(0, 7))
	c.Book.MustPost("in the copy", transferCash(1, 7))
	c.Companies[0].Size += 5
	c.Hidden[0][0]++
	if got := encode(s); got != before {
		t.Fatalf("changing the copy changed the state:\n%s\n%s", got, before)
	}
	n := len(s.Book.Entries)
	s.Book.MustPost("in the state", transferCash(2, 3))
	for _, e := range c.Book.Entries[n:] {
		if e.Reason != "in the copy" {
			t.Fatalf("the state's next entry overwrote the copy's: %+v", e)
		}
	}
}

// notCopied are the unexported fields of the state and the types in it,
// which the filling below cannot reach: what clone does with each. A new
// one fails TestCloneCopiesEveryField until it is decided and listed.
var notCopied = map[string]string{
	"coldcash.State.meetingNews": "copied with the struct (a string)",
	"coldcash.Table.news":        "copied with the struct (an int)",
	"ledger.Book.scratchCash":    "left nil: the copy's first post makes its own",
	"ledger.Book.scratchShares":  "left nil: the copy's first post makes its own",
}

// sharedPath is the one part the copy shares with the state: the book's
// entries, an append-only history, clipped (ledger.Book.Clone).
const sharedPath = ".Book.Entries"

// clone copies field by field, so a field added to State or to a type
// inside it must be added to clone too. Every exported field of every type
// reachable from State is filled (every slice and map with two elements,
// every pointer set), and the copy must equal the state and share no
// slice, map or pointer with it but the book's entries.
func TestCloneCopiesEveryField(t *testing.T) {
	var s State
	f := filler{t: t}
	f.fill(reflect.ValueOf(&s).Elem(), "")
	c := s.clone()
	if !reflect.DeepEqual(&s, c) {
		a, _ := json.Marshal(&s)
		b, _ := json.Marshal(c)
		t.Fatalf("the copy differs from the state: a field is not copied\nstate: %s\ncopy:  %s", a, b)
	}
	apart(t, reflect.ValueOf(&s).Elem(), reflect.ValueOf(c).Elem(), "")
	for name := range notCopied {
		if !f.unexported[name] {
			t.Errorf("notCopied lists %s, which is no longer a field", name)
		}
	}
}

// filler sets every exported field to a distinct value that is not zero.
type filler struct {
	t          *testing.T
	n          int
	unexported map[string]bool
}

func (f *filler) fill(v reflect.Value, path string) {
	f.n++
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(f.n))
	case reflect.String:
		v.SetString(fmt.Sprintf("v%d", f.n))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		f.fill(v.Elem(), path)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			f.fill(v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range 2 {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			f.fill(k, path+"[key]")
			f.fill(e, path+"[value]")
			v.SetMapIndex(k, e)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			field := v.Type().Field(i)
			if !field.IsExported() {
				name := v.Type().String() + "." + field.Name
				if f.unexported == nil {
					f.unexported = map[string]bool{}
				}
				f.unexported[name] = true
				if _, ok := notCopied[name]; !ok {
					f.t.Errorf("%s%s is unexported and not in notCopied: copy it in clone, then list it", path, "."+field.Name)
				}
				continue
			}
			f.fill(v.Field(i), path+"."+field.Name)
		}
	default:
		f.t.Fatalf("%s is a %s: teach clone and this test to copy it", path, v.Kind())
	}
}

// apart fails where the copy c shares a slice, map or pointer with the
// state s, but for the book's entries, which must be clipped.
func apart(t *testing.T, s, c reflect.Value, path string) {
	t.Helper()
	switch s.Kind() {
	case reflect.Pointer:
		if s.IsNil() {
			return
		}
		if s.Pointer() == c.Pointer() {
			t.Errorf("%s: the copy shares the pointer", path)
			return
		}
		apart(t, s.Elem(), c.Elem(), path)
	case reflect.Slice:
		if s.Len() == 0 {
			return
		}
		if path == sharedPath {
			if c.Cap() != c.Len() {
				t.Errorf("%s: the copy shares the entries unclipped: an entry it posts would land in the state's array", path)
			}
			return
		}
		if s.Pointer() == c.Pointer() {
			t.Errorf("%s: the copy shares the slice", path)
			return
		}
		for i := range s.Len() {
			apart(t, s.Index(i), c.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Map:
		if s.Len() == 0 {
			return
		}
		if s.Pointer() == c.Pointer() {
			t.Errorf("%s: the copy shares the map", path)
			return
		}
		for _, k := range s.MapKeys() {
			apart(t, s.MapIndex(k), c.MapIndex(k), fmt.Sprintf("%s[%v]", path, k))
		}
	case reflect.Struct:
		for i := range s.NumField() {
			if s.Type().Field(i).IsExported() {
				apart(t, s.Field(i), c.Field(i), path+"."+s.Type().Field(i).Name)
			}
		}
	}
}

// CheckClone checks clone on a state from a real game (the sheet games
// call it at every step, in every mode): the copy encodes as the JSON
// round trip clone once was, and changing every value in it, every
// slice's elements and every map's entries, with an entry posted to its
// book, leaves the state as it was. The book's entries, shared, are left
// out of the encodings (encoding the history at every step made the
// check cost as much as the game) and checked apart: the copy's are the
// state's, clipped.
func CheckClone(t testing.TB, s *State) {
	t.Helper()
	c := s.clone()
	entries := s.Book.Entries
	if len(c.Book.Entries) != len(entries) || cap(c.Book.Entries) != len(entries) ||
		len(entries) > 0 && &c.Book.Entries[0] != &entries[0] {
		t.Fatalf("the copy's book does not share the state's %d entries, clipped", len(entries))
	}
	encode := func(st *State) []byte {
		t.Helper()
		book := *st.Book
		book.Entries = nil
		shallow := *st
		shallow.Book = &book
		b, err := json.Marshal(&shallow)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	before := encode(s)
	var viaJSON State
	if err := json.Unmarshal(before, &viaJSON); err != nil {
		t.Fatal(err)
	}
	if copied, roundTrip := encode(c), encode(&viaJSON); string(copied) != string(roundTrip) {
		t.Fatalf("the copy differs from the JSON round trip:\ncopy: %s\nJSON: %s", copied, roundTrip)
	}
	change(t, reflect.ValueOf(c).Elem(), "")
	if after := encode(s); string(after) != string(before) || len(s.Book.Entries) != len(entries) {
		t.Fatalf("changing the copy changed the state:\nbefore: %s\nafter:  %s", before, after)
	}
}

// change changes every value reachable from v in place: numbers go up,
// text grows, flags flip, maps gain an entry; the book's entries, shared,
// gain one instead.
func change(t testing.TB, v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(v.Int() + 1)
	case reflect.String:
		v.SetString(v.String() + "*")
	case reflect.Pointer:
		if !v.IsNil() {
			change(t, v.Elem(), path)
		}
	case reflect.Slice:
		if path == sharedPath {
			v.Set(reflect.Append(v, reflect.ValueOf(ledger.Entry{Reason: "in the copy"})))
			return
		}
		for i := range v.Len() {
			change(t, v.Index(i), path+"[]")
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			change(t, e, path+"[]")
			v.SetMapIndex(k, e)
		}
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		change(t, k, path+"[new]")
		v.SetMapIndex(k, e)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				change(t, v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		}
	default:
		t.Fatalf("%s is a %s: teach change to change it", path, v.Kind())
	}
}
