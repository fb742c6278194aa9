package scoring

// pp is a player with points.
func pp(name string, score int) Player { return Player{Name: name, Score: new(score)} }
