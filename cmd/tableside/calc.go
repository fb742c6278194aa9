package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tableside/engine/acquire"
)

const calcUsage = `Usage: tableside calc price --tier cheap|medium|expensive --size N [--json]
       tableside calc bonus --price P --holdings H1,H2,... [--halved] [--json]

price  prints the price of one share of a company of that tier and size (size 2 or more).
bonus  prints what each holder is paid when a company at price P is absorbed, in the order given,
       with Acquire's tie rules; --halved for a hostile takeover.
Run 'tableside calc price --help' or 'tableside calc bonus --help' for each one's flags.
`

// runCalc answers the bank's two questions without a game: a share's price,
// and what each holder is paid when a company is absorbed.
//
//	tableside calc price --tier medium --size 11            -> 800
//	tableside calc bonus --price 700 --holdings 4,4,2       -> 5300,5300,0
func runCalc(_ context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprint(stdout, calcUsage)
		return nil
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return usagef("say what to calculate: calc price --tier T --size N, or calc bonus --price P --holdings H1,H2,...")
	}
	switch args[0] {
	case "price":
		return calcPrice(args[1:], stdout, stderr)
	case "bonus":
		return calcBonus(args[1:], stdout, stderr)
	}
	return usagef("calc %q: want price or bonus", args[0])
}

func calcPrice(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("calc price", "calc price --tier cheap|medium|expensive --size N [--json]", stdout, stderr)
	tierS := fs.String("tier", "", "the company's tier: cheap, medium or expensive")
	sizeS := fs.String("size", "", "the company's size (territories + continent bonuses; at least 2)")
	asJSON := fs.Bool("json", false, "print a JSON object")
	if err := parseOnlyFlags(fs, args); err != nil {
		return err
	}
	tier, errTier := acquire.ParseTier(*tierS)
	size, errSize := acquire.ParseSize(*sizeS)
	if err := firstUsage(errTier, errSize); err != nil {
		return err
	}
	price, _ := acquire.Price(tier, size) // size and tier were checked
	if *asJSON {
		return writeJSON(stdout, map[string]any{"tier": tier.String(), "size": size, "band": acquire.SizeBand(size),
			"price": price, "dividend": acquire.Dividend(price)})
	}
	fmt.Fprintln(stdout, price)
	return nil
}

func calcBonus(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("calc bonus", "calc bonus --price P --holdings H1,H2,... [--halved] [--json]", stdout, stderr)
	priceS := fs.String("price", "", "the absorbed company's share price before the merger")
	holdS := fs.String("holdings", "", "each holder's shares, comma-separated, e.g. 5,3,1")
	halved := fs.Bool("halved", false, "a hostile takeover: bonuses halved")
	asJSON := fs.Bool("json", false, "print a JSON object")
	if err := parseOnlyFlags(fs, args); err != nil {
		return err
	}
	price, errPrice := acquire.ParsePrice(*priceS)
	holdings, errHold := acquire.ParseHoldings(*holdS)
	if err := firstUsage(errPrice, errHold); err != nil {
		return err
	}
	ps := acquire.BonusesWith(price, holdings, acquire.Options{Halved: *halved})
	amounts := acquire.InOrder(ps, len(holdings))
	if *asJSON {
		if ps == nil {
			ps = []acquire.Payout{}
		}
		return writeJSON(stdout, map[string]any{"price": price, "halved": *halved, "holdings": holdings, "payouts": amounts, "details": ps})
	}
	parts := make([]string, len(amounts))
	for i, a := range amounts {
		parts[i] = strconv.Itoa(a)
	}
	fmt.Fprintln(stdout, strings.Join(parts, ","))
	return nil
}

// parseOnlyFlags parses args as fs's flags, refusing any other word.
func parseOnlyFlags(fs *flagSet, args []string) error {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected %q", pos[0])
	}
	return nil
}

// firstUsage is the first of a command's bad values as a usage error, in
// the order its flags are listed, or nil when every value is good.
func firstUsage(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return usagef("%v", err)
		}
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
