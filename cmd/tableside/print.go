package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"tableside/printables"
)

// runPrint lists the printable sheets or writes one as a PDF.
func runPrint(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("print", "print --list | NAME [--paper a4|letter] [--names classic|1999|2008] [--sets 1|2] [--single] [--url URL] [--table NAME] [--symbols FILE] [-o FILE]", stderr)
	list := fs.Bool("list", false, "list every sheet with a one-line description")
	paper := fs.String("paper", "a4", "paper size: a4 or letter")
	names := fs.String("names", "classic", "company name set: classic, 1999 or 2008")
	sets := fs.Int("sets", 1, "piecepack: print one set or two (Piecepack Conquers the World needs two)")
	single := fs.Bool("single", false, "single-sided: print each back beside its front, to fold, instead of on mirrored back pages")
	url := fs.String("url", "", "join poster: the address the QR code opens")
	table := fs.String("table", "", "join poster: the table's name")
	symbols := fs.String("symbols", "", "territory cards: a CSV file of territory,symbol lines overriding the default troop symbols")
	out := fs.String("o", "", "write the PDF to this file (default NAME-PAPER.pdf; - for standard output)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *list {
		for _, s := range printables.Sheets() {
			fmt.Fprintf(stdout, "%-22s %s – %s\n", s.Name, s.Title, s.Summary)
		}
		return nil
	}
	if len(pos) != 1 {
		return usagef("name one sheet (%s), or --list", printables.Names())
	}
	sheet, ok := printables.Find(pos[0])
	if !ok {
		return usagef("no sheet %q: choose one of %s", pos[0], printables.Names())
	}
	o, err := printables.ParseOptions(*paper, *names, *sets, *single)
	if err != nil {
		return usagef("%v", err)
	}
	o.URL, o.Table = *url, *table
	if *symbols != "" {
		if o.Symbols, err = os.ReadFile(*symbols); err != nil {
			return fmt.Errorf("symbols: %w", err)
		}
	}
	name := *out
	if name == "" {
		name = sheet.Name + "-" + o.Paper.Name + ".pdf"
	}
	if name == "-" {
		return sheet.Write(stdout, o)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := sheet.Write(f, o); err != nil {
		f.Close()
		os.Remove(name)
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", name)
	return nil
}
