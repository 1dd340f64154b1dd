#!/usr/bin/env bash
# Test media for the pose specs and the pose benchmark: photos and a video of real people from
# Debian's opencv-doc package (fetched here, never committed: licence notices and watermarks).
# Leaves in e2e/.cache/media:
#   messi5.jpg    a photo of a footballer, whole body in view
#   vtest.mjpeg   people walking (vtest.avi) as a 640x480, 30 fps MJPEG for Chromium's fake camera
#   vtest.webm    4 s of the same clip as VP8 WebM, for uploading a video file
#   squat.webm    the two real squats of shared/test-data/real (MIT) from 4 s, 360x640 VP8, for the replay
#   squat.mjpeg   the same squats as a 640x480 MJPEG camera, for a camera take that must count reps
#   squat-landscape.webm  the same squats in a 640x360 (16:9) landscape file, for the analysis screen's fit
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
cache="$PWD/.cache"
media="$cache/media"
mkdir -p "$media"
if [[ ! -s "$media/squat.webm" ]]; then
  ffmpeg -hide_banner -loglevel error -y -ss 4 -i ../shared/test-data/real/squat_side_goblet_2reps.mp4 -an \
    -vf "fps=30,scale=360:640" -c:v libvpx -b:v 1M "$media/squat.webm"
fi
if [[ ! -s "$media/squat.mjpeg" ]]; then
  # The same squats as a camera: 640x480 MJPEG (padded) for Chromium's fake camera, which loops it.
  ffmpeg -hide_banner -loglevel error -y -ss 4 -i ../shared/test-data/real/squat_side_goblet_2reps.mp4 -an \
    -vf "fps=30,scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2" \
    -c:v mjpeg -q:v 4 -f mjpeg "$media/squat.mjpeg"
fi
if [[ ! -s "$media/squat-landscape.webm" ]]; then
  # Landscape: the portrait clip in the middle of a 16:9 picture, as a phone held sideways would film it.
  ffmpeg -hide_banner -loglevel error -y -ss 4 -i ../shared/test-data/real/squat_side_goblet_2reps.mp4 -an \
    -vf "fps=30,scale=-2:360,pad=640:360:(ow-iw)/2:0" -c:v libvpx -b:v 1M "$media/squat-landscape.webm"
fi
if [[ -s "$media/vtest.mjpeg" && -s "$media/vtest.webm" && -s "$media/messi5.jpg" ]]; then
  echo "test media present in $media"
  exit 0
fi
mkdir -p "$cache/deb" "$media"
cd "$cache/deb"
if ! ls opencv-doc_*.deb >/dev/null 2>&1; then
  # apt-get download needs the package lists; fetch them once if they are missing.
  apt-get download opencv-doc </dev/null || { apt-get update </dev/null && apt-get download opencv-doc </dev/null; }
fi
rm -rf extracted
dpkg -x opencv-doc_*.deb extracted
data="extracted/usr/share/doc/opencv-doc/examples/data"
cp "$data/messi5.jpg" "$media/messi5.jpg"
# 20 s is plenty: Chromium loops the file. Scaled and padded to 4:3 640x480.
ffmpeg -hide_banner -loglevel error -y -i "$data/vtest.avi" -t 20 \
  -vf "fps=30,scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2" \
  -c:v mjpeg -q:v 4 -f mjpeg "$media/vtest.mjpeg"
ffmpeg -hide_banner -loglevel error -y -i "$data/vtest.avi" -t 4 -an \
  -vf "fps=30,scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2" \
  -c:v libvpx -b:v 1M "$media/vtest.webm"
rm -rf extracted opencv-doc_*.deb
echo "test media ready in $media"
