package store

import "testing"

func TestWithGenericPlans(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://h/db":                                   "postgres://h/db?plan_cache_mode=force_generic_plan",
		"postgres://h/db?sslmode=disable":                   "postgres://h/db?sslmode=disable&plan_cache_mode=force_generic_plan",
		"postgres://h/db?plan_cache_mode=force_custom_plan": "postgres://h/db?plan_cache_mode=force_custom_plan",
	} {
		if got := withGenericPlans(in); got != want {
			t.Errorf("withGenericPlans(%q) = %q, want %q", in, got, want)
		}
	}
}
