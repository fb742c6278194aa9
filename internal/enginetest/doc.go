// Package enginetest is the scaffolding the game engines' tests share:
// deterministic dice, running commands straight through a game's Rules and
// checking refusals change nothing, fuzzing Decide, and playing a game
// through the real tracker over a temp SQLite file to check that replaying
// its log gives the same state byte for byte. Only tests import it.
package enginetest
