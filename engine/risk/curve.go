package risk

// The planner's half of the engine. Compute follows the chance of one
// starting army forwards to every ending; the planner needs the opposite:
// the chance to win from every starting army at once, to find the fewest
// that reach a chosen chance. Both are exact over the same dice table
// (rollProb) and the same chain rules (stop, leave, Mom & Pop), and the
// planner checks its answer with Compute (plan.go).
//
// Working backwards, V(a, d) is the chance to take every territory still
// ahead from a battle state of a attacking against d defending. Each roll
// removes armies from a, from d or both, so the rows d = 0, 1, 2, ... can be
// filled in order, each from itself (lower a) and the three rows below it:
// four rolling rows, O(A x D) time, O(A) memory, like the forward sweep.

// winCurve returns w, where w[f] is the chance to take every territory of
// q's chain when f armies may attack the first one (f+1 on the board), for
// f = 0..fmax.
func winCurve(q Query, fmax int) []float64 {
	K, dmx, last := q.leave(), q.Dice.DefenderMax(), len(q.Defenders)-1
	var w []float64
	for k := last; k >= 0; k-- {
		// after[r]: the chance to take the rest once territory k falls with
		// r attackers left; the chain goes on with r-K, as Compute says.
		after := make([]float64, fmax+1)
		for r := 1; r <= fmax; r++ {
			switch f := r - K; {
			case k == last:
				after[r] = 1
			case f > 0 && f > max(0, q.Stop-K):
				after[r] = w[f]
			}
		}
		home := 1
		if k > 0 {
			home = K
		}
		def := q.Defenders[k]
		w = battleCurve(after, weights(def), max(0, q.Stop-home), k == 0 && def.MomPop, dmx)
	}
	return w
}

// battleCurve is one battle backwards: given the value after[a] of taking
// the territory with a attackers left, it returns w[f], the value of
// starting with f attackers against defW's spread of defenders. The
// attacker stops once its attacking armies are down to stop; forced (a Mom
// & Pop) fights one round whatever the stop.
func battleCurve(after, defW []float64, stop int, forced bool, dmx int) []float64 {
	n := len(after)
	var rows [4][]float64
	for i := range rows {
		rows[i] = make([]float64, n)
	}
	copy(rows[0], after)
	rows[0][0] = 0
	w := make([]float64, n)
	probs := rollProb()
	for d := 1; d < len(defW); d++ {
		cur := rows[d&3]
		clear(cur[:min(stop+1, n)]) // out of armies, or stopped: the territory holds
		dd := min(dmx, d)
		inside := n // from here on, three dice against all the defender's
		if d >= dmx {
			inside = max(stop+1, MaxAttackDice)
		}
		for a := stop + 1; a < min(inside, n); a++ {
			cur[a] = rollValue(probs, &rows, a, d, dd)
		}
		if inside < n {
			insideRow(probs, &rows, d, dmx, inside)
		}
		if defW[d] == 0 {
			continue
		}
		for f := 1; f < n; f++ {
			v := cur[f]
			if forced && f <= stop {
				v = rollValue(probs, &rows, f, d, dd)
			}
			w[f] += defW[d] * v
		}
	}
	return w
}

// rollValue is the value of state (a, d) after one roll of as many dice as
// each side may throw, from the rows already filled.
func rollValue(probs *[4][4][4]float64, rows *[4][]float64, a, d, dd int) float64 {
	ad := min(MaxAttackDice, a)
	k := min(ad, dd)
	p := &probs[ad][dd]
	v := 0.0
	for j := 0; j <= k; j++ { // the attacker loses j, the defender k-j
		v += p[j] * rows[(d-k+j)&3][a-j]
	}
	return v
}

// insideRow fills row d from a = lo on, where every roll is three dice
// against dmx: the same chances for every state, so the loop is unrolled
// per defender's dice. It is most of the work of a large plan.
func insideRow(probs *[4][4][4]float64, rows *[4][]float64, d, dmx, lo int) {
	cur := rows[d&3]
	p := &probs[MaxAttackDice][dmx]
	switch dmx {
	case 1: // one lost in all: the defender's (j=0) or the attacker's (j=1)
		r0, p0, p1 := rows[(d-1)&3], p[0], p[1]
		for a := lo; a < len(cur); a++ {
			cur[a] = p0*r0[a] + p1*cur[a-1]
		}
	case 2:
		r0, r1, p0, p1, p2 := rows[(d-2)&3], rows[(d-1)&3], p[0], p[1], p[2]
		for a := lo; a < len(cur); a++ {
			cur[a] = p0*r0[a] + p1*r1[a-1] + p2*cur[a-2]
		}
	default:
		r0, r1, r2 := rows[(d-3)&3], rows[(d-2)&3], rows[(d-1)&3]
		p0, p1, p2, p3 := p[0], p[1], p[2], p[3]
		for a := lo; a < len(cur); a++ {
			cur[a] = p0*r0[a] + p1*r1[a-1] + p2*r2[a-2] + p3*cur[a-3]
		}
	}
}
