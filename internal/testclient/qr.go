package testclient

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
)

// DecodeQR reads the text of a QR code image, as a phone's camera would.
// gozxing's camera-style finder search misreads about one random join code
// in fifty (a data pattern that looks like a finder pattern), so when it
// fails the image is read as what it is: a pure, generated barcode. Its
// pure reader in turn fails about one long BG Stats link in seventy at the
// image's own size (a checksum error on a code zbarimg reads, and gozxing
// too once the same image is drawn three times larger: testdata's
// bgstats-misread.png), so that is the last reading.
func DecodeQR(t testing.TB, pngBytes []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil {
		t.Fatalf("QR image: %v", err)
	}
	pure := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true}
	text, err := decodeQR(img, nil)
	if err != nil {
		text, err = decodeQR(img, pure)
	}
	if err != nil {
		text, err = decodeQR(enlarged(img, 3), pure)
	}
	if err != nil {
		t.Fatalf("decode QR: %v", err)
	}
	return text
}

// decodeQR reads img with gozxing's QR reader and hints.
func decodeQR(img image.Image, hints map[gozxing.DecodeHintType]any) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, hints)
	if err != nil {
		return "", err
	}
	return res.GetText(), nil
}

// enlarged is img drawn k times larger, pixel for pixel, in grey.
func enlarged(img image.Image, k int) image.Image {
	b := img.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dx()*k, b.Dy()*k))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			out.Set(x, y, color.GrayModel.Convert(img.At(b.Min.X+x/k, b.Min.Y+y/k)))
		}
	}
	return out
}
