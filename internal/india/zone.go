package india

import "time"

// Zone is India Standard Time: one zone for the whole country, with no
// daylight saving. Quota days and the dates in messages follow it.
var Zone = time.FixedZone("IST", 5*60*60+30*60)
