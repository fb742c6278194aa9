package tracker

// The tests of package tracker_test name what the package keeps to itself.
var (
	AskAgainAfter    = askAgainAfter
	ErrAlteredSchema = errAlteredSchema
	ErrDamaged       = errDamaged
	ErrForeignFile   = errForeignFile
	ErrNothingToRedo = errNothingToRedo
	ErrNothingToUndo = errNothingToUndo
	IdleEviction     = idleEviction
	ProblemDamaged   = problemDamaged
	ProblemReadOnly  = problemReadOnly
)

type FaultError = faultError

// Faces lists the roll's faces in order.
func (c CheckedRoll) Faces() []int { return c.faces() }
