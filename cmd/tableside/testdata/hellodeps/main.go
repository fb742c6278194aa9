// Command hellodeps is a hello-world that links the four libraries the
// product's owner chose, and nothing else of Tableside. The start-up
// benchmark measures it beside the plain hello-world and the real
// commands: it is the floor any one-binary Tableside can start from.
package main

import (
	"fmt"

	_ "github.com/go-pdf/fpdf"
	_ "github.com/labstack/echo/v4"
	_ "github.com/mattn/go-sqlite3"
	_ "github.com/skip2/go-qrcode"
)

func main() { fmt.Println("hello, world") }
