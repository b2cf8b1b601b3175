package httpapi

import (
	"net/http"

	"propmatch/internal/feature/message"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
)

func (s *server) listMessages(w http.ResponseWriter, r *http.Request, u auth.User) {
	with, err := queryInt(r, "with")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page(s, w, r, func(p paging.Page) ([]message.Message, int64, error) {
		return s.Messages.List(r.Context(), u.ID, with, p)
	})
}

func (s *server) listConversations(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]message.Conversation, int64, error) {
		return s.Messages.Conversations(r.Context(), u.ID, p)
	})
}

func (s *server) sendMessage(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[message.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Messages.Send(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, m, err)
}

func (s *server) deleteMessage(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	_, err = s.Messages.Delete(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, messageBody{Message: "Message deleted"}, err)
}

type markReadResponse struct {
	Message string `json:"message"`
	Count   int64  `json:"count"`
}

func (s *server) markRead(w http.ResponseWriter, r *http.Request, u auth.User) {
	other, err := pathID(r, "otherUserId")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	n, err := s.Messages.MarkRead(r.Context(), u.ID, other)
	s.reply(w, r, http.StatusOK, markReadResponse{Message: "Messages marked read", Count: n}, err)
}

type countBody struct {
	Count int `json:"count"`
}

func (s *server) unreadCount(w http.ResponseWriter, r *http.Request, u auth.User) {
	n, err := s.Messages.UnreadCount(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, countBody{Count: n}, err)
}

// messageRoutes are the messages between agents (docs/product.md#messages).
func (s *server) messageRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/messages", s.signedIn(s.listMessages))
	mux.HandleFunc("POST /api/messages", s.signedIn(s.sendMessage))
	mux.HandleFunc("GET /api/messages/conversations", s.signedIn(s.listConversations))
	mux.HandleFunc("GET /api/messages/unread-count", s.signedIn(s.unreadCount))
	mux.HandleFunc("PUT /api/messages/mark-read/{otherUserId}", s.signedIn(s.markRead))
	mux.HandleFunc("DELETE /api/messages/{id}", s.signedIn(s.deleteMessage))
}
