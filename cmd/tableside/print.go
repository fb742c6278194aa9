package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"tableside/printables"
)

// runPrint lists the printable sheets or writes one as a PDF; "print
// record GAME" writes a finished game's record.
func runPrint(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("print", "print --list | NAME [--paper a4|letter] [--names classic|1999|2008] [--sets 1|2] [--single] [--url URL] [--table NAME] [--symbols FILE] [--ink normal|saver] [--preview] [-o FILE] | record GAME [--db FILE] [--paper a4|letter] [--ink normal|saver] [-o FILE]", stdout, stderr)
	list := fs.Bool("list", false, "list every sheet with a one-line description")
	paper := fs.String("paper", "a4", "paper size: a4 or letter")
	names := fs.String("names", "classic", "company name set: classic, 1999 or 2008")
	sets := fs.Int("sets", 1, "piecepack: print one set or two (Piecepack Conquers the World needs two)")
	single := fs.Bool("single", false, "single-sided: print each back beside its front, to fold, instead of on mirrored back pages")
	url := fs.String("url", "", "join poster: the address the QR code opens")
	table := fs.String("table", "", "join poster: the table's name")
	symbols := fs.String("symbols", "", "territory cards: a CSV file of territory,symbol lines overriding the default troop symbols")
	ink := fs.String("ink", "normal", "normal, or saver: coloured areas print light (colour only in thin outlines, badges and symbols)")
	preview := fs.Bool("preview", false, "write the first page as an SVG picture (with its page count and ink coverage) instead of the PDF")
	out := fs.String("o", "", "write the PDF to this file (default NAME-PAPER.pdf; - for standard output)")
	dbPath := fs.String("db", defaultDBPath(), "record: the SQLite database file (TABLESIDE_DB sets the default)")
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
	if len(pos) > 0 && pos[0] == "record" {
		o, err := printables.ParseOptions(*paper, *names, *sets, *single)
		if err != nil {
			return usagef("%v", err)
		}
		if o.InkSaver, err = printables.ParseInk(*ink); err != nil {
			return usagef("%v", err)
		}
		return printRecord(ctx, pos, *dbPath, o, *out, stdout, stderr)
	}
	if len(pos) != 1 {
		return usagef("name one sheet (%s), record GAME, or --list", printables.Names())
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
	if o.InkSaver, err = printables.ParseInk(*ink); err != nil {
		return usagef("%v", err)
	}
	if *symbols != "" {
		if o.Symbols, err = os.ReadFile(*symbols); err != nil {
			return fmt.Errorf("symbols: %w", err)
		}
	}
	if *preview {
		return writePreview(sheet, o, *out, stdout, stderr)
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

// writePreview writes a sheet's first page as SVG and reports its page
// count and ink coverage.
func writePreview(sheet printables.Sheet, o printables.Options, name string, stdout, stderr io.Writer) error {
	p, err := sheet.Preview(o)
	if err != nil {
		return err
	}
	if name == "" {
		name = sheet.Name + "-" + o.Paper.Name + ".svg"
	}
	if name == "-" {
		_, err = stdout.Write(p.SVG)
	} else {
		err = os.WriteFile(name, p.SVG, 0o644)
	}
	if err != nil {
		return fmt.Errorf("preview: %w", err)
	}
	fmt.Fprintf(stderr, "%s: %d pages on %s, ink on %.1f %% of the paper\n", sheet.Name, p.Pages, o.Paper.Label(), 100*p.Coverage)
	return nil
}
