package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func calc(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"calc"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCalcPriceRulebookExampleAmericanSize11Is800(t *testing.T) {
	code, out, _ := calc(t, "price", "--tier", "medium", "--size", "11")
	if code != 0 || out != "800\n" {
		t.Fatalf("exit %d, %q", code, out)
	}
	code, out, _ = calc(t, "price", "--size", "41", "--tier", "expensive", "--json")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v["price"] != 1200.0 || v["dividend"] != 120.0 {
		t.Fatalf("json: exit %d %s", code, out)
	}
}

func TestCalcBonusPrintsEachHolderInOrder(t *testing.T) {
	code, out, _ := calc(t, "bonus", "--price", "700", "--holdings", "4,4,2")
	if code != 0 || out != "5300,5300,0\n" {
		t.Fatalf("majority tie: exit %d %q", code, out)
	}
	code, out, _ = calc(t, "bonus", "--price", "500", "--holdings", "2,6,2,2")
	if code != 0 || out != "900,5000,900,900\n" {
		t.Fatalf("minority tie: %q", out)
	}
	code, out, _ = calc(t, "bonus", "--price", "700", "--holdings", "5,3", "--halved")
	if code != 0 || out != "3500,1750\n" {
		t.Fatalf("halved: %q", out)
	}
	code, out, _ = calc(t, "bonus", "--price", "700", "--holdings", "0,4", "--json")
	var v struct {
		Payouts []int `json:"payouts"`
		Details []struct {
			Why string `json:"why"`
		} `json:"details"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || len(v.Payouts) != 2 || v.Payouts[1] != 10500 || !strings.Contains(v.Details[0].Why, "only holder") {
		t.Fatalf("json: %s", out)
	}
}

func TestCalcBadInputExitsTwoWithAClearMessage(t *testing.T) {
	cases := [][]string{
		{"price", "--tier", "huge", "--size", "3"},
		{"price", "--tier", "cheap", "--size", "1"},
		{"price", "--tier", "cheap", "--size", "2.5"},
		{"bonus", "--price", "650", "--holdings", "1"},
		{"bonus", "--price", "700", "--holdings", "3,-1"},
		{"bonus", "--price", "700", "--holdings", "1.5"},
		{"bonus", "--price", "700"},
		{"square"},
		{},
	}
	for _, c := range cases {
		code, out, errs := calc(t, c...)
		if code != 2 || out != "" || !strings.Contains(errs, "tableside calc") {
			t.Errorf("%v: exit %d, out %q, err %q", c, code, out, errs)
		}
	}
	_, _, errs := calc(t, "bonus", "--price", "700", "--holdings", "3,-1")
	if !strings.Contains(errs, "-1 shares is impossible") {
		t.Errorf("message %q", errs)
	}
}
