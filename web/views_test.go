package web

import (
	"sync"
	"testing"
)

// Pages are put together on first use, not at start: every page must still
// parse, with the layout, and define its content, so a broken template fails
// here rather than on the evening someone first opens it.
func TestEveryPageParses(t *testing.T) {
	v := mustViews()
	if len(v.pages) < 20 {
		t.Fatalf("found %d pages; the templates were not listed", len(v.pages))
	}
	for name := range v.pages {
		p, err := v.page(name)
		if err != nil {
			t.Errorf("page %s: %v", name, err)
			continue
		}
		if p.Lookup("content") == nil || p.Lookup("layout.html") == nil {
			t.Errorf("page %s: no content block or no layout", name)
		}
	}
	if _, err := v.page("no-such-page"); err == nil {
		t.Errorf("an unknown page was found")
	}
}

// A page is built once, however many requests ask for it at the same time.
func TestPageIsBuiltOnceUnderConcurrentRequests(t *testing.T) {
	v := mustViews()
	got := make(chan any, 16)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := v.page("home")
			if err != nil {
				t.Error(err)
			}
			got <- p
		}()
	}
	wg.Wait()
	close(got)
	first := <-got
	for p := range got {
		if p != first {
			t.Fatalf("the home page was built more than once")
		}
	}
}
