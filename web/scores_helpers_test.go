package web_test

import "tableside/tracker/scorelog"

func scorelogFilter(game string) scorelog.Filter { return scorelog.Filter{Game: game} }
