package httpapi

import (
	"net/http"

	"propmatch/internal/auth"
)

type messageBody struct {
	Message string `json:"message"`
}

// signedIn wraps a handler that needs a signed-in user; others get 401.
func (s *server) signedIn(h func(w http.ResponseWriter, r *http.Request, u auth.User)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, ok := currentUser(r)
		if !ok {
			writeJSON(w, http.StatusUnauthorized, errorBody{Message: "Not signed in"})
			return
		}
		h(w, r, u)
	}
}

func (s *server) sendOTP(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Phone string `json:"phone"`
	}](r)
	if err == nil {
		var sent auth.SentOTP
		if sent, err = s.Auth.SendOTP(r.Context(), in.Phone, s.client(r)); err == nil {
			type response struct {
				Message string `json:"message"`
				Phone   string `json:"phone"`
				OTP     string `json:"otp,omitempty"`
			}
			writeJSON(w, http.StatusOK, response{Message: "Verification code sent on WhatsApp", Phone: sent.Phone, OTP: sent.Code})
			return
		}
	}
	writeError(w, r, s.Log, err)
}

func (s *server) verifyOTP(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Phone string `json:"phone"`
		OTP   string `json:"otp"`
	}](r)
	if err == nil {
		var phone string
		if phone, err = s.Auth.VerifyOTP(r.Context(), in.Phone, in.OTP); err == nil {
			writeJSON(w, http.StatusOK, map[string]any{"message": "Phone verified", "phone": phone, "verified": true})
			return
		}
	}
	writeError(w, r, s.Log, err)
}

func (s *server) register(w http.ResponseWriter, r *http.Request) {
	in, err := decode[auth.Registration](r)
	if err == nil {
		var u auth.User
		var sess auth.Session
		if u, sess, err = s.Auth.Register(r.Context(), in, s.client(r)); err == nil {
			s.setSessionCookie(w, r, sess)
			writeJSON(w, http.StatusCreated, u)
			return
		}
	}
	writeError(w, r, s.Log, err)
}

func (s *server) login(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}](r)
	if err == nil {
		var u auth.User
		var sess auth.Session
		if u, sess, err = s.Auth.Login(r.Context(), in.Username, in.Password, s.client(r)); err == nil {
			// A new session replaces the one this browser had.
			s.Auth.Logout(r.Context(), sessionToken(r))
			s.setSessionCookie(w, r, sess)
			writeJSON(w, http.StatusOK, u)
			return
		}
	}
	writeError(w, r, s.Log, err)
}

func (s *server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.Auth.Logout(r.Context(), sessionToken(r)); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.clearSessionCookie(w, r)
	writeJSON(w, http.StatusOK, messageBody{Message: "Signed out"})
}

func (s *server) getUser(w http.ResponseWriter, r *http.Request, u auth.User) {
	writeJSON(w, http.StatusOK, u)
}

func (s *server) sendResetCode(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Email string `json:"email"`
	}](r)
	if err == nil {
		if err = s.Auth.SendResetCode(r.Context(), in.Email, s.client(r)); err == nil {
			writeJSON(w, http.StatusOK, messageBody{Message: auth.ResetCodeSentMessage})
			return
		}
	}
	writeError(w, r, s.Log, err)
}

func (s *server) verifyResetCode(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Email string `json:"email"`
		Code  string `json:"code"`
	}](r)
	if err == nil {
		if err = s.Auth.VerifyResetCode(r.Context(), in.Email, in.Code); err == nil {
			writeJSON(w, http.StatusOK, map[string]any{"message": "Code verified", "valid": true})
			return
		}
	}
	writeError(w, r, s.Log, err)
}

func (s *server) resetPassword(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Email       string `json:"email"`
		Code        string `json:"code"`
		NewPassword string `json:"newPassword"`
	}](r)
	if err == nil {
		if err = s.Auth.ResetPassword(r.Context(), in.Email, in.Code, in.NewPassword); err == nil {
			writeJSON(w, http.StatusOK, messageBody{Message: "Password reset successful. Sign in with your new password"})
			return
		}
	}
	writeError(w, r, s.Log, err)
}
