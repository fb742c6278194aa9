// Package draw draws Tableside's charts as inline SVG markup: the worth
// lines of a game, a person's scores over time, win-rate bars and the
// ratings over the evenings; and it lays out the maps (the RISK family's
// board, classic or piecepack, and Cold Cash Risk's world) for the web's
// map templates. It knows nothing of HTTP, the tracker, the score log or a
// game's rules; the web and the print shop hand it plain numbers.
//
// The charts are drawn on the server so that they need no script and no
// library, and read on a 390 px phone. Colour is never the only signal:
// every line has a dash pattern and its name at its end, a win is a
// different shape, every bar writes its number, and each chart carries a
// title and a text description for screen readers. No chart uses a style
// attribute, which the pages' Content-Security-Policy forbids.
package draw
