package enginetest

import "fmt"

// BankMarket plays a busy bank-mode Cold Cash Risk market for three seats
// by do (the host's commands: a type and its JSON data) until count
// commands are sent: c1 and c6 founded, then rounds of a buy or a sale, a
// new size, dividends and the turn passed on. The benchmarks that want a
// long game share it, so that their figures are of one game.
func BankMarket(do func(typ, data string), count int) {
	sent := 0
	send := func(typ, data string) { sent++; do(typ, data) }
	send("found", `{"company":"c1","seat":0,"size":4}`)
	send("found", `{"company":"c6","seat":1,"size":5}`)
	for round := 0; sent < count; round++ {
		seat, co := round%3, []string{"c1", "c6"}[round/3%2]
		verb := map[bool]string{false: "buy", true: "sell"}[round/6%2 == 1]
		send(verb, fmt.Sprintf(`{"seat":%d,"company":%q,"count":1}`, seat, co))
		send("size", fmt.Sprintf(`{"company":%q,"size":%d}`, co, 5+round%9))
		send("dividends", fmt.Sprintf(`{"company":%q}`, co))
		send("turn", fmt.Sprintf(`{"seat":%d}`, (seat+1)%3))
	}
}
