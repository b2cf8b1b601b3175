package httpapi

import (
	"net/http"
	"strconv"

	"propmatch/internal/apperr"
	"propmatch/internal/auth"
	"propmatch/internal/events"
	"propmatch/internal/message"
	"propmatch/internal/paging"
)

func (s *server) listMessages(w http.ResponseWriter, r *http.Request, u auth.User) {
	var with int64
	if v := r.URL.Query().Get("with"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "with", Message: "with must be a user id"}))
			return
		}
		with = id
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
	if err == nil {
		s.publish(r, m.Parties(), events.New(events.Message, m))
	}
	s.reply(w, r, http.StatusCreated, m, err)
}

func (s *server) deleteMessage(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Messages.Delete(r.Context(), u.ID, id)
	if err == nil {
		s.publish(r, m.Parties(), events.New(events.MessageDeleted, map[string]int64{
			"id": m.ID, "senderId": m.SenderID, "receiverId": m.ReceiverID}))
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Message deleted"}, err)
}

type markReadResponse struct {
	Message string `json:"message"`
	Count   int64  `json:"count"`
}

func (s *server) markRead(w http.ResponseWriter, r *http.Request, u auth.User) {
	other, err := strconv.ParseInt(r.PathValue("otherUserId"), 10, 64)
	if err != nil || other <= 0 {
		s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "otherUserId", Message: "otherUserId must be a user id"}))
		return
	}
	n, err := s.Messages.MarkRead(r.Context(), u.ID, other)
	if err == nil && n > 0 {
		s.publish(r, []int64{u.ID, other}, events.New(events.Read, map[string]int64{
			"readerId": u.ID, "otherUserId": other, "count": n}))
	}
	s.reply(w, r, http.StatusOK, markReadResponse{Message: "Messages marked read", Count: n}, err)
}

type countBody struct {
	Count int `json:"count"`
}

func (s *server) unreadCount(w http.ResponseWriter, r *http.Request, u auth.User) {
	n, err := s.Messages.UnreadCount(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, countBody{Count: n}, err)
}
