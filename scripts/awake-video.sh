#!/bin/sh
# Makes the phone's stay-awake video (assets/static/awake.mp4 and awake.webm):
# two seconds of a black 16x16 picture with a silent sound track, a few KB
# each. nudge.js loops it, unmuted, while the table waits for a phone whose
# browser has no Screen Wake Lock (any phone on plain http): a browser keeps
# the screen on for a video that plays audibly, and the sound track is
# silence. Needs ffmpeg (apt-get install ffmpeg). The files are committed;
# run this only to change them.
set -eu
out=$(dirname "$0")/../assets/static
exact="-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact"
ffmpeg -y -hide_banner -loglevel error \
	-f lavfi -i color=c=black:s=16x16:r=4:d=2 -f lavfi -i anullsrc=r=8000:cl=mono -t 2 \
	-c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -tune stillimage -preset veryslow -crf 51 \
	-c:a aac -b:a 8k -movflags +faststart $exact "$out/awake.mp4"
ffmpeg -y -hide_banner -loglevel error \
	-f lavfi -i color=c=black:s=16x16:r=4:d=2 -f lavfi -i anullsrc=r=48000:cl=mono -t 2 \
	-c:v libvpx -b:v 10k -c:a libopus -b:a 6k $exact "$out/awake.webm"
ls -l "$out/awake.mp4" "$out/awake.webm"
