// Command propmatch runs the PropMatch server and its admin commands.
// Built with the embedweb tag (`make build`), it serves the web app too.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"propmatch/internal/commands"
	"propmatch/web"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := commands.Main(ctx, web.Dist(), os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
