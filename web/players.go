package web

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gamelab/web/db"
)

// cookieName holds the player's id and its signature.
const cookieName = "gamelab_player"

// sign returns the signature of a player id under the server's key.
func (s *Server) sign(id string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(id))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// cookiePlayer returns the player id of the request's cookie if its
// signature holds.
func (s *Server) cookiePlayer(r *http.Request) (string, bool) {
	c, err := r.Cookie(cookieName)
	if err != nil {
		return "", false
	}
	id, sig, ok := strings.Cut(c.Value, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(s.sign(id))) {
		return "", false
	}
	return id, true
}

// setCookie gives the browser the player's signed id: HttpOnly, so no
// script reads it; SameSite Lax, so other sites' requests do not carry it
// for writes; Secure when the server is reached over TLS.
func (s *Server) setCookie(w http.ResponseWriter, r *http.Request, id string) {
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id + "." + s.sign(id), Path: "/", HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil, MaxAge: 400 * 24 * 3600})
}

// Player returns the request's player, made (and given its cookie) if
// the request has none yet: such requests are limited by address, at the
// rate of new players. It writes the error response itself and reports
// false when there is no player to be had.
func (s *Server) Player(w http.ResponseWriter, r *http.Request) (db.Player, bool) {
	if id, ok := s.cookiePlayer(r); ok {
		p, err := s.db.Player(r.Context(), id)
		if err == nil {
			return p, true
		}
		if !errors.Is(err, db.ErrNotFound) {
			s.Internal(w, r, err)
			return p, false
		}
		// A cookie signed by this server for a player it no longer has
		// (a database started afresh): a new player, as with no cookie.
	}
	p, err := s.db.NewPlayer(r.Context())
	if err != nil {
		s.Internal(w, r, err)
		return p, false
	}
	s.setCookie(w, r, p.ID)
	return p, true
}

// meView is what a player may know of themselves.
type meView struct {
	Name string `json:"name"`
	Code string `json:"code"` // to carry the player to another browser
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	if p, ok := s.Player(w, r); ok {
		JSON(w, http.StatusOK, meView{p.Name, p.Code})
	}
}

// CheckName says what is wrong with a display name, if anything.
func CheckName(name string) error {
	n := utf8.RuneCountInString(name)
	switch {
	case !utf8.ValidString(name):
		return errors.New("a name is text")
	case n < 2 || n > 20:
		return errors.New("a name has 2 to 20 characters")
	case strings.TrimSpace(name) != name:
		return errors.New("a name neither starts nor ends with a space")
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" _-.", r) {
			return errors.New("a name has letters, digits, spaces, _, - and . only")
		}
	}
	return nil
}

func (s *Server) setName(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
	}
	if !s.Decode(w, r, &body) {
		return
	}
	if err := CheckName(body.Name); err != nil {
		Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := s.Player(w, r)
	if !ok {
		return
	}
	switch err := s.db.SetName(r.Context(), p.ID, body.Name); {
	case errors.Is(err, db.ErrTaken):
		Error(w, http.StatusConflict, "another player has that name")
	case err != nil:
		s.Internal(w, r, err)
	default:
		JSON(w, http.StatusOK, meView{body.Name, p.Code})
	}
}

// claim makes this browser the player whose code is given: the way to
// carry one's record to another browser.
func (s *Server) claim(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Code string `json:"code"`
	}
	if !s.Decode(w, r, &body) {
		return
	}
	// Codes are guessed at the rate of requests only, and 60 bits take
	// more guesses than that allows.
	p, err := s.db.PlayerByCode(r.Context(), strings.TrimSpace(strings.ToLower(body.Code)))
	switch {
	case errors.Is(err, db.ErrNotFound):
		time.Sleep(200 * time.Millisecond)
		Error(w, http.StatusNotFound, "no player has that code")
	case err != nil:
		s.Internal(w, r, err)
	default:
		s.setCookie(w, r, p.ID)
		JSON(w, http.StatusOK, meView{p.Name, p.Code})
	}
}

// OwnGame returns the game of kind game named by the request's {id}, if
// it is the player's, with its moves; else it writes the 404 (or the
// 500) itself and reports false. Another player's game is no different
// from none.
func (s *Server) OwnGame(w http.ResponseWriter, r *http.Request, game string) (*db.Game, bool) {
	return s.ownGame(w, r, game, s.db.Game)
}

// OwnGameHead is OwnGame without the moves, for games kept in memory.
func (s *Server) OwnGameHead(w http.ResponseWriter, r *http.Request, game string) (*db.Game, bool) {
	return s.ownGame(w, r, game, s.db.Head)
}

func (s *Server) ownGame(w http.ResponseWriter, r *http.Request, game string, read func(context.Context, string) (*db.Game, error)) (*db.Game, bool) {
	p, ok := s.Player(w, r)
	if !ok {
		return nil, false
	}
	dg, err := read(r.Context(), r.PathValue("id"))
	if errors.Is(err, db.ErrNotFound) || err == nil && (dg.Player != p.ID || dg.Game != game) {
		Error(w, http.StatusNotFound, "no such game of yours")
		return nil, false
	}
	if err != nil {
		s.Internal(w, r, err)
		return nil, false
	}
	return dg, true
}

// MoveError answers a move the database did not record: 409 when the
// game changed meanwhile (played in another tab), else 500.
func (s *Server) MoveError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, db.ErrConflict) {
		Error(w, http.StatusConflict, "the game changed meanwhile (another tab?): reload it")
		return
	}
	s.Internal(w, r, err)
}
