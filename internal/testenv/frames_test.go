package testenv

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"github.com/chromedp/chromedp"
)

// A device draws no frames of its own: a page is laid out for every read,
// but what a browser does only as it draws (here an animation-frame
// callback) waits until a test draws frames; ElementPNG pictures one
// element as it is on the screen (a pixel a CSS pixel), even one scrolled
// out of view first.
func TestDevicesDrawOnlyWhenAskedAndPictureOneElement(t *testing.T) {
	if DrawFrames {
		t.Fatal("testenv's own tests run with the devices' default: no frames drawn")
	}
	phone := Phone(t)
	phone.Run(t, chromedp.Navigate(`data:text/html,<title>t</title><meta name="viewport" content="width=device-width"><body style="margin:0;background:%23fff">`+
		`<div style="height:2000px"></div><div id="box" style="width:100px;height:50px;background:%23c00"></div>`+
		`<div style="height:2000px"></div><script>window.ticks = 0; requestAnimationFrame(() => window.ticks++)</script>`),
		chromedp.WaitVisible(`#box`, chromedp.ByQuery))
	var ticks, top int
	phone.Run(t, chromedp.Evaluate(`document.getElementById("box").getBoundingClientRect().top`, &top), chromedp.Evaluate(`ticks`, &ticks))
	if top != 2000 || ticks != 0 {
		t.Fatalf("before any frame: the box lays out at y %d (want 2000), %d animation frames ran (want 0)", top, ticks)
	}
	phone.Drawing(t, func() { phone.WaitFor(t, `ticks > 0`, "an animation frame while drawing") })

	img, err := png.Decode(bytes.NewReader(phone.ElementPNG(t, "#box")))
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != 100 || b.Dy() != 50 {
		t.Errorf("the picture of a 100x50 box is %dx%d", b.Dx(), b.Dy())
	}
	for _, p := range [][2]int{{b.Min.X + 1, b.Min.Y + 1}, {b.Max.X - 2, b.Max.Y - 2}, {(b.Min.X + b.Max.X) / 2, (b.Min.Y + b.Max.Y) / 2}} {
		if c := color.RGBAModel.Convert(img.At(p[0], p[1])).(color.RGBA); c.R < 0xb0 || c.G > 0x20 || c.B > 0x20 {
			t.Errorf("the box's picture at %v is %v, want its red", p, img.At(p[0], p[1]))
		}
	}
}
