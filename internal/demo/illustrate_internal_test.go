package demo

import (
	"bytes"
	"crypto/sha256"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestIllustrationsAreDistinct: every type and variant draws a different
// picture of the card size. DEMO_PHOTO_DIR=dir writes them there to look at.
func TestIllustrationsAreDistinct(t *testing.T) {
	seen := map[[32]byte]string{}
	for _, typ := range []string{"apartment", "villa", "plot", "commercial", "agricultural"} {
		for v := range IllustrationVariants {
			img := illustration(typ, v)
			if b := img.Bounds(); b.Dx() != illustrationW || b.Dy() != illustrationH {
				t.Errorf("%s/%d is %v", typ, v, b)
			}
			sum := sha256.Sum256(img.Pix)
			if other, ok := seen[sum]; ok {
				t.Errorf("%s/%d is the same picture as %s", typ, v, other)
			}
			seen[sum] = typ
			if dir := os.Getenv("DEMO_PHOTO_DIR"); dir != "" {
				var b bytes.Buffer
				png.Encode(&b, img)
				os.WriteFile(filepath.Join(dir, typ+string(rune('0'+v))+".png"), b.Bytes(), 0o644)
			}
		}
	}
}
