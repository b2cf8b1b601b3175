package demo

import (
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"math/rand/v2"
)

// Demo listing photos are drawn here, not downloaded: a flat illustration
// per property type (towers, a house, a marked plot, an office block,
// fields), in one of a few palettes and layouts, so that listings look
// different from each other and the type shows at a glance. 640 × 420
// pixels: what a card shows, and small as a PNG of flat colour.
const (
	illustrationW = 640
	illustrationH = 420
	// IllustrationVariants is how many pictures each property type has.
	IllustrationVariants = 4
)

type canvas struct{ *image.RGBA }

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

func (c canvas) rect(x0, y0, x1, y1 int, col color.RGBA) {
	b := c.Bounds()
	for y := max(y0, b.Min.Y); y < min(y1, b.Max.Y); y++ {
		for x := max(x0, b.Min.X); x < min(x1, b.Max.X); x++ {
			c.SetRGBA(x, y, col)
		}
	}
}

// gradient fills rows y0 to y1 from top to bottom colour.
func (c canvas) gradient(y0, y1 int, top, bottom color.RGBA) {
	for y := y0; y < y1; y++ {
		t := float64(y-y0) / float64(max(1, y1-y0-1))
		mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t) }
		c.rect(0, y, illustrationW, y+1, rgb(mix(top.R, bottom.R), mix(top.G, bottom.G), mix(top.B, bottom.B)))
	}
}

func (c canvas) circle(cx, cy, r int, col color.RGBA) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r && image.Pt(x, y).In(c.Bounds()) {
				c.SetRGBA(x, y, col)
			}
		}
	}
}

// roof fills the triangle with its apex at (cx, top) and its base from x0
// to x1 at y = base.
func (c canvas) roof(cx, top, x0, x1, base int, col color.RGBA) {
	for y := top; y < base; y++ {
		t := float64(y-top) / float64(base-top)
		l, r := float64(cx)+(float64(x0)-float64(cx))*t, float64(cx)+(float64(x1)-float64(cx))*t
		c.rect(int(l), y, int(r)+1, y+1, col)
	}
}

func (c canvas) tree(x, ground int, leaf color.RGBA) {
	c.rect(x-4, ground-36, x+4, ground, rgb(110, 76, 48))
	c.circle(x, ground-46, 22, leaf)
}

// palette is one colour scheme of an illustration.
type palette struct {
	skyTop, skyBottom, ground, wall, accent, window, leaf color.RGBA
}

var palettes = []palette{
	{rgb(96, 165, 250), rgb(219, 234, 254), rgb(134, 190, 110), rgb(241, 236, 226), rgb(37, 99, 235), rgb(191, 219, 254), rgb(34, 139, 84)},
	{rgb(251, 146, 60), rgb(254, 235, 200), rgb(163, 177, 98), rgb(253, 230, 196), rgb(194, 65, 12), rgb(254, 243, 199), rgb(77, 124, 15)},
	{rgb(45, 212, 191), rgb(220, 252, 231), rgb(120, 170, 120), rgb(226, 232, 240), rgb(15, 118, 110), rgb(204, 251, 241), rgb(21, 128, 61)},
	{rgb(129, 140, 248), rgb(237, 233, 254), rgb(148, 163, 184), rgb(250, 245, 255), rgb(109, 40, 217), rgb(221, 214, 254), rgb(22, 101, 52)},
}

// illustration draws variant v of a property of type typ.
func illustration(typ string, v int) *image.RGBA {
	c := canvas{image.NewRGBA(image.Rect(0, 0, illustrationW, illustrationH))}
	p := palettes[v%len(palettes)]
	seed := fnv.New64a()
	_, _ = fmt.Fprintf(seed, "%s/%d", typ, v)
	r := rand.New(rand.NewPCG(seed.Sum64(), 0x5eed))
	ground := 330
	c.gradient(0, ground, p.skyTop, p.skyBottom)
	c.rect(0, ground, illustrationW, illustrationH, p.ground)
	c.circle(80+r.IntN(480), 50+r.IntN(30), 24, rgb(253, 224, 71))
	switch typ {
	case "apartment":
		drawTowers(c, r, p, ground)
	case "villa":
		drawVilla(c, r, p, ground)
	case "plot":
		drawPlot(c, r, p, ground)
	case "commercial":
		drawOffice(c, r, p, ground)
	default:
		drawFields(c, r, p, ground)
	}
	return c.RGBA
}

// windows draws a grid of windows in the block x0..x1, y0..y1; some are lit.
func windows(c canvas, r *rand.Rand, x0, y0, x1, y1, w, h, gap int, p palette) {
	for y := y0 + gap; y+h <= y1-gap; y += h + gap {
		for x := x0 + gap; x+w <= x1-gap; x += w + gap {
			col := p.window
			if r.IntN(5) == 0 {
				col = rgb(253, 230, 138)
			}
			c.rect(x, y, x+w, y+h, col)
		}
	}
}

func drawTowers(c canvas, r *rand.Rand, p palette, ground int) {
	n := 2 + r.IntN(2)
	x := 60 + r.IntN(40)
	for i := 0; i < n; i++ {
		w, top := 120+r.IntN(40), 60+r.IntN(90)
		c.rect(x, top, x+w, ground, p.wall)
		c.rect(x, top, x+w, top+10, p.accent)
		windows(c, r, x, top+10, x+w, ground-30, 18, 22, 10, p)
		c.rect(x+w/2-14, ground-30, x+w/2+14, ground, p.accent)
		x += w + 30 + r.IntN(30)
	}
	for tx := 30; tx < illustrationW; tx += 150 + r.IntN(80) {
		c.tree(tx, ground+20, p.leaf)
	}
}

func drawVilla(c canvas, r *rand.Rand, p palette, ground int) {
	x0 := 150 + r.IntN(80)
	x1 := x0 + 300
	top := 190 + r.IntN(30)
	c.rect(x0, top, x1, ground, p.wall)
	c.roof((x0+x1)/2, top-90, x0-30, x1+30, top, p.accent)
	c.rect((x0+x1)/2-25, ground-80, (x0+x1)/2+25, ground, rgb(120, 72, 40))
	c.rect(x0+30, top+30, x0+90, top+80, p.window)
	c.rect(x1-90, top+30, x1-30, top+80, p.window)
	if r.IntN(2) == 0 { // a first floor
		c.rect(x0+40, top-50, x1-40, top, p.wall)
		c.rect(x0+70, top-40, x0+120, top-10, p.window)
		c.rect(x1-120, top-40, x1-70, top-10, p.window)
	}
	for x := 10; x < illustrationW; x += 18 { // the fence
		c.rect(x, ground+30, x+8, ground+60, rgb(250, 250, 250))
	}
	c.rect(0, ground+40, illustrationW, ground+46, rgb(250, 250, 250))
	c.tree(x0-70, ground+10, p.leaf)
	c.tree(x1+80, ground+10, p.leaf)
}

func drawPlot(c canvas, r *rand.Rand, p palette, ground int) {
	c.rect(0, ground-10, illustrationW, ground, p.leaf)
	land := rgb(196, 164, 120)
	c.rect(80, ground+10, 560, illustrationH-20, land)
	for x := 80; x <= 560; x += 60 { // boundary stones
		c.rect(x-5, ground+4, x+5, ground+18, rgb(240, 240, 240))
		c.rect(x-5, illustrationH-26, x+5, illustrationH-12, rgb(240, 240, 240))
	}
	sx := 120 + r.IntN(300) // a "for sale" board
	c.rect(sx, ground-70, sx+6, ground+30, rgb(90, 60, 40))
	c.rect(sx-40, ground-90, sx+46, ground-40, p.accent)
	c.rect(sx-30, ground-80, sx+36, ground-72, rgb(255, 255, 255))
	c.rect(sx-30, ground-64, sx+16, ground-56, rgb(255, 255, 255))
	for tx := 40 + r.IntN(60); tx < illustrationW; tx += 200 {
		c.tree(tx, ground-6, p.leaf)
	}
}

func drawOffice(c canvas, r *rand.Rand, p palette, ground int) {
	x0 := 180 + r.IntN(60)
	x1 := x0 + 220
	top := 40 + r.IntN(40)
	glass := rgb(125, 170, 210)
	c.rect(x0, top, x1, ground, glass)
	for y := top + 8; y < ground-20; y += 24 {
		c.rect(x0, y, x1, y+4, p.accent)
	}
	for x := x0 + 44; x < x1; x += 44 {
		c.rect(x, top, x+3, ground, rgb(71, 85, 105))
	}
	c.rect(x1+20, 180, x1+160, ground, p.wall) // a lower neighbour
	windows(c, r, x1+20, 180, x1+160, ground, 24, 16, 12, p)
	c.rect(40, 220, x0-20, ground, p.wall)
	windows(c, r, 40, 220, x0-20, ground, 24, 16, 12, p)
	c.rect(0, ground+30, illustrationW, ground+70, rgb(71, 85, 105)) // the road
	for x := 10; x < illustrationW; x += 60 {
		c.rect(x, ground+48, x+30, ground+52, rgb(250, 250, 250))
	}
}

func drawFields(c canvas, r *rand.Rand, p palette, ground int) {
	crops := []color.RGBA{rgb(132, 204, 22), rgb(234, 179, 8), rgb(101, 163, 13), rgb(202, 138, 4)}
	off := r.IntN(len(crops))
	for i, y := 0, ground; y < illustrationH; i, y = i+1, y+18+i*3 {
		c.rect(0, y, illustrationW, y+18+i*3, crops[(i+off)%len(crops)])
	}
	hx := 420 + r.IntN(120) // a farm hut
	c.rect(hx, ground-60, hx+90, ground, p.wall)
	c.roof(hx+45, ground-110, hx-15, hx+105, ground-60, rgb(161, 98, 7))
	c.rect(hx+35, ground-35, hx+55, ground, rgb(120, 72, 40))
	for tx := 40 + r.IntN(40); tx < hx-40; tx += 90 + r.IntN(40) {
		c.tree(tx, ground, p.leaf)
	}
}
