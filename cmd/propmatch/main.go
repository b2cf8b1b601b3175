// Command propmatch runs the PropMatch server and its admin commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"propmatch/internal/app"
	"propmatch/web"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	app.WebFS = web.Dist()
	if err := app.Run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "propmatch:", err)
		os.Exit(1)
	}
}
