package cashcrash

import (
	"tableside/engine"
)

// maxQty bounds a bid's quantity (a typo guard; no set shows this many icons).
const maxQty = 99

// checkShape refuses a bid that names no goods or an impossible quantity.
func checkShape(b Bid) error {
	if b.Goods == "" {
		return engine.Refuse("bid-goods", "Name the goods of the bid: Gold, Oil, Wheat or a mix of them.")
	}
	if b.Qty < 1 || b.Qty > maxQty {
		return engine.Refuse("bid-quantity", "A bid's quantity is from 1 to %d.", maxQty)
	}
	return nil
}

// CheckOpening checks the first bid of a round.
func (st Settings) CheckOpening(b Bid) error {
	if err := checkShape(b); err != nil {
		return err
	}
	if b.Combo() {
		return engine.Refuse("opening-simple", "The opening bid names one good only (a simple bid), not %s.", b)
	}
	if st.Variant == Endurance && b.Qty != 1 {
		return engine.Refuse("opening-one", "Endurance rules: the opening bid is 1 Gold, 1 Oil or 1 Wheat.")
	}
	return nil
}

// CheckRaise checks an ordinary raise of prev to b.
func (st Settings) CheckRaise(prev, b Bid) error {
	if err := checkShape(b); err != nil {
		return err
	}
	if b == prev {
		return engine.Refuse("raise-higher", "%s is the current bid: a raise must go higher.", b)
	}
	if st.Variant == Endurance {
		oneMore := b.Qty == prev.Qty+1 && b.Goods == prev.Goods
		oneGood := b.Qty == prev.Qty && len(b.Goods) == len(prev.Goods)+1 && superset(b.Goods, prev.Goods)
		if !oneMore && !oneGood {
			return engine.Refuse("raise-one-step", "Endurance rules: raise %s one step only, to %s or by adding one good at %d.", prev, Bid{prev.Qty + 1, prev.Goods}, prev.Qty)
		}
		return nil
	}
	if st.Raise == RaiseFree {
		if b.Qty > prev.Qty || (b.Qty == prev.Qty && len(b.Goods) > len(prev.Goods) && superset(b.Goods, prev.Goods)) {
			return nil
		}
		return engine.Refuse("raise-higher", "%s does not raise %s: bid a higher quantity, or add goods at the same quantity.", b, prev)
	}
	if b.Qty < prev.Qty || !superset(b.Goods, prev.Goods) {
		return engine.Refuse("raise-keeps-goods", "%s does not raise %s: a raise keeps every good bid and does not lower the quantity; to change the goods, add a card.", b, prev)
	}
	return nil
}

// CheckAdd checks the bid that comes with an added card.
func (st Settings) CheckAdd(prev, b Bid) error {
	if err := checkShape(b); err != nil {
		return err
	}
	if st.Variant == Endurance {
		if b.Qty != prev.Qty+1 || b.Combo() || b.Goods == prev.Goods {
			return engine.Refuse("add-card-endurance", "Endurance rules: adding a card bids exactly %d of one other good (a simple bid).", prev.Qty+1)
		}
		return nil
	}
	if b.Qty < prev.Qty+1 {
		return engine.Refuse("add-card-raise", "Adding a card raises the quantity by at least one: bid %d or more.", prev.Qty+1)
	}
	if b.Goods == prev.Goods {
		return engine.Refuse("add-card-change", "Adding a card changes the goods of the bid: not %s again.", Bid{prev.Qty, prev.Goods})
	}
	return nil
}
