// Package attack attacks the real tableside binary the way someone on the
// table's Wi-Fi, or a hostile web page in the laptop's browser, would. Its
// tests build the binary once, run it with --host-token-only (so the test's
// own requests from 127.0.0.1 are phones, not the host), and check each
// attack is refused and changes nothing.
//
// The harness (harness_test.go) is for every attack file: Start a server
// (StartOn, Kill and Restart for crashes), use its Host client, make phones
// with Phone or NewClient, send commands with Command, watch with Live, use
// raw sockets with Dial, and compare Games and Log before and after an attack.
package attack
