#!/usr/bin/env bash
# Makes the see-for-me interface sounds (project-made, no third-party audio):
#   picture.mp3 — a camera-shutter click: two short band-passed noise bursts (~0.2 s)
#   dong.mp3    — a soft "ding": a decaying 880 Hz sine with a quieter 1760 Hz harmonic (~0.5 s)
# Usage: apps/web/scripts/make-sounds.sh   (needs ffmpeg with libmp3lame)
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/public/assets/audio"
mkdir -p "$out"

# Shutter: burst 1 at 0 s (40 ms), burst 2 at 90 ms (50 ms), both noise through a band-pass,
# with a fast exponential decay; total 0.2 s.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "anoisesrc=color=white:amplitude=0.9:duration=0.2:sample_rate=44100" \
  -af "highpass=f=1200,lowpass=f=6000,volume='if(lt(t,0.04),exp(-t*60),if(between(t,0.09,0.14),0.8*exp(-(t-0.09)*50),0))':eval=frame,afade=t=out:st=0.17:d=0.03" \
  -ac 1 -ar 44100 -codec:a libmp3lame -b:a 64k "$out/picture.mp3"

# Ding: 880 Hz + 0.3 × 1760 Hz, exponential decay, 5 ms attack, 0.5 s.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "aevalsrc='0.5*(sin(2*PI*880*t)+0.3*sin(2*PI*1760*t))*exp(-6*t)*min(1,t/0.005)':s=44100:d=0.5" \
  -ac 1 -ar 44100 -codec:a libmp3lame -b:a 64k "$out/dong.mp3"

ls -l "$out"
