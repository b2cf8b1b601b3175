package commands

import "runtime/debug"

// ServerGCPercent is the garbage collector's target when GOGC is not set.
// A list request allocates about a megabyte that is garbage as soon as the
// response is written, while the live heap stays in the tens of megabytes:
// Go's default of 100 collected so often that the collector and the
// preemptions it causes took a fifth of the server's time under load. At 400
// the heap may grow to five times the live data between collections
// (hundreds of megabytes, not gigabytes). `make bench` measured +20% list
// reads on two cores.
const ServerGCPercent = 400

// TuneGC sets the collector's target for a server, unless the operator set
// GOGC themselves.
func TuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(ServerGCPercent)
	}
}
