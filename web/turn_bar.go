package web

// turnBar is a game page as a live frame's turn bar reads it: the page's
// methods the bar calls for every viewer at every frame, called once here.
// text/template finds a method by name through reflect at each call
// (Value.MethodByName builds the method's func type), which cost more than
// the methods themselves; a field is found cheaper. The fields shadow the
// methods of the same name, so the templates read them unchanged, and the
// rest of the page is the embedded gamePage's. The feed reads it too (its
// IsPublic, once per line with a why).
type turnBar struct {
	*gamePage
	CashFlash *cashFlash
	IsPublic  bool
	Mine      bool
	SheetNow  *moveSheet
	FirstMove *firstMove
	SetupList *setupList
}

// turnBarOf is p's turn bar, its methods' answers taken now.
func turnBarOf(p *gamePage) *turnBar {
	return &turnBar{gamePage: p, CashFlash: p.CashFlash(), IsPublic: p.IsPublic(), Mine: p.Mine(),
		SheetNow: p.SheetNow(), FirstMove: p.FirstMove(), SetupList: p.SetupList()}
}
