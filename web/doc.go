// Package web holds the built React app (web/dist) for the binary.
//
// The app is embedded only when Go builds with the embedweb tag, as
// `make build` does after building web/dist with npm. Without the tag, Dist
// is an empty filesystem: the Go tree builds, vets and tests without Node,
// and the server answers / with a 404 saying the app is not built in.
package web
