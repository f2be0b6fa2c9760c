package store

// Profile is a user's state file as a game takes it: read once at the
// start, and changed afterwards only through Update, under the file's
// lock, so that two games running at once lose neither's changes.
type Profile[T any, P interface {
	*T
	State
}] struct {
	Loaded P      // as read; the zero state if there was none or it could not be read
	Notice string // why it could not be read (damaged, or from a newer gamelab), if so
	Update func(change func(P)) (P, error)
}

// OpenProfile reads the profile kept in f.
func OpenProfile[T any, P interface {
	*T
	State
}](f File) Profile[T, P] {
	pr := Profile[T, P]{Update: Updater[T, P](f)}
	var err error
	if pr.Loaded, err = Read[T, P](f); err != nil {
		pr.Notice = err.Error()
	}
	return pr
}

// Updater returns Update for f: the function a game calls to change its
// profile.
func Updater[T any, P interface {
	*T
	State
}](f File) func(change func(P)) (P, error) {
	return func(change func(P)) (P, error) { return Update[T, P](f, change) }
}
