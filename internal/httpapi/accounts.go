package httpapi

import (
	"net/http"

	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/security"
)

type sendOTPResponse struct {
	Message string `json:"message"`
	Phone   string `json:"phone"`
	OTP     string `json:"otp,omitempty"`
}

func (s *server) sendOTP(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Phone string `json:"phone"`
	}](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sent, err := s.Auth.SendOTP(r.Context(), in.Phone, s.client(r))
	s.reply(w, r, http.StatusOK, sendOTPResponse{Message: "Verification code sent on WhatsApp", Phone: sent.Phone, OTP: s.echoedCode(r, sent.Code)}, err)
}

func (s *server) verifyOTP(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Phone string `json:"phone"`
		OTP   string `json:"otp"`
	}](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	phone, err := s.Auth.VerifyOTP(r.Context(), in.Phone, in.OTP)
	s.noteCodeFailure(r, err, security.OTPFailure, "phone code")
	s.reply(w, r, http.StatusOK, map[string]any{"message": "Phone verified", "phone": phone, "verified": true}, err)
}

func (s *server) register(w http.ResponseWriter, r *http.Request) {
	in, err := decode[auth.Registration](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, sess, err := s.Auth.Register(r.Context(), in, s.client(r))
	if err == nil {
		s.setSessionCookie(w, r, sess)
	}
	// The answer is the same whether the email given was new (it gets a
	// verification link) or another account's (its owner gets a notice):
	// it never carries the email, so it does not tell who has an account.
	// GET /api/user shows the account as it is.
	u.Email, u.EmailVerified = nil, false
	s.reply(w, r, http.StatusCreated, u, err)
}

func (s *server) login(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, sess, err := s.Auth.Login(r.Context(), in.Username, in.Password, s.client(r))
	if err == nil {
		// A new session replaces the one this browser had; one left behind
		// expires as any other does.
		if err := s.Auth.Logout(r.Context(), sessionToken(r)); err != nil {
			s.Log.WarnContext(r.Context(), "sign-in: end the previous session", "err", err)
		}
		s.setSessionCookie(w, r, sess)
	}
	s.reply(w, r, http.StatusOK, u, err)
}

func (s *server) logout(w http.ResponseWriter, r *http.Request) {
	token := sessionToken(r)
	err := s.Auth.Logout(r.Context(), token)
	if err == nil {
		s.clearSessionCookie(w, r)
		s.endStreams(r, token)
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Signed out"}, err)
}

func (s *server) getUser(w http.ResponseWriter, r *http.Request, u auth.User) {
	out, err := s.withBadge(r, u)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) sendResetCode(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Email string `json:"email"`
	}](r)
	if err == nil {
		err = s.Auth.SendResetCode(r.Context(), in.Email, s.client(r))
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: auth.ResetCodeSentMessage}, err)
}

func (s *server) verifyResetCode(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Email string `json:"email"`
		Code  string `json:"code"`
	}](r)
	if err == nil {
		err = s.Auth.VerifyResetCode(r.Context(), in.Email, in.Code)
		s.noteCodeFailure(r, err, security.ResetCodeFailure, "reset code")
	}
	s.reply(w, r, http.StatusOK, map[string]any{"message": "Code verified", "valid": true}, err)
}

func (s *server) resetPassword(w http.ResponseWriter, r *http.Request) {
	in, err := decode[struct {
		Email       string `json:"email"`
		Code        string `json:"code"`
		NewPassword string `json:"newPassword"`
	}](r)
	if err == nil {
		err = s.Auth.ResetPassword(r.Context(), in.Email, in.Code, in.NewPassword)
		s.noteCodeFailure(r, err, security.ResetCodeFailure, "reset code")
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Password reset successful. Sign in with your new password"}, err)
}

// accountRoutes are the accounts (docs/product.md#registration through
// #sessions).
func (s *server) accountRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/send-otp", s.limited(s.sendOTP))
	mux.HandleFunc("POST /api/verify-otp", s.limited(s.verifyOTP))
	mux.HandleFunc("POST /api/register", s.limited(s.register))
	mux.HandleFunc("POST /api/login", s.limited(s.login))
	mux.HandleFunc("POST /api/logout", s.logout)
	mux.HandleFunc("GET /api/user", s.signedIn(s.getUser))
	mux.HandleFunc("POST /api/send-reset-code", s.limited(s.sendResetCode))
	mux.HandleFunc("POST /api/verify-reset-code", s.limited(s.verifyResetCode))
	mux.HandleFunc("POST /api/reset-password", s.limited(s.resetPassword))
}
