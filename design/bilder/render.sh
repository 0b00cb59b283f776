#!/usr/bin/env bash
# Renders the shipped pictures in public/bilder from the SVG scenes beside this script.
# Needs rsvg-convert and cwebp (Debian: apt-get install librsvg2-bin webp). Run: bash design/bilder/render.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../public/bilder"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

webp() { # svg width height target quality
  rsvg-convert -w "$2" -h "$3" "$1" -o "$tmp/frame.png"
  cwebp -quiet -q "$5" -m 6 -sharp_yuv -metadata none "$tmp/frame.png" -o "$out/$4"
}

# Hero: landscape in two widths, and a portrait crop of the scene's middle for phones.
webp "$here/hero.svg" 1600 1000 hero.webp 70
webp "$here/hero.svg" 960 600 hero-960.webp 72
sed 's/width="1600" height="1000" viewBox="0 0 1600 1000"/width="720" height="1280" viewBox="519 0 562.5 1000"/' \
  "$here/hero.svg" >"$tmp/hero-hoch.svg"
webp "$tmp/hero-hoch.svg" 720 1280 hero-hoch.webp 70

# About section: portrait 4:5.
webp "$here/ueber-uns.svg" 800 1000 ueber-uns.webp 74

# The showcase's demo dishes (design/bilder/gerichte/generate.py draws them): 4:3.
mkdir -p "$out/gerichte"
for dish in antipasti pasta pizza secondi dolci; do
  webp "$here/gerichte/$dish.svg" 800 600 "gerichte/$dish.webp" 72
done

ls -l "$out" "$out/gerichte"
