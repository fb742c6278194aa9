package web_test

import "tableside/scoring"

func scorelogFilter(game string) scoring.Filter { return scoring.Filter{Game: game} }
