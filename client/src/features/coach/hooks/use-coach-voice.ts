import { useRef, useState } from 'react';
import type { TChime } from '@/lib/pose/session-coach';

/** Remembered on this device: the one switch that mutes the coach's voice and sounds. */
export const VOICE_STORAGE_KEY = 'movelab.coach.voice';

/** Each sound: its notes (Hz) and how long each plays (s). Made by an oscillator: no media file. */
const CHIMES: Readonly<Record<TChime, { notes: readonly number[]; seconds: number }>> = {
  rep: { notes: [880], seconds: 0.08 },
  start: { notes: [660, 990], seconds: 0.12 },
  'rest-end': { notes: [523, 659, 784], seconds: 0.12 },
};

function readIsMuted(): boolean {
  try {
    return localStorage.getItem(VOICE_STORAGE_KEY) === 'off';
  } catch {
    return false;
  }
}

/** Plays a chime's notes one after the other, short and soft, on `context`. */
function playChime(context: AudioContext, kind: TChime): void {
  const { notes, seconds } = CHIMES[kind];
  notes.forEach((frequency, index) => {
    const start = context.currentTime + index * seconds;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + seconds);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds);
  });
}

/** The browser's own speech synthesis and WebAudio sounds (nothing fetched): on by default, muted by one switch. */
export function useCoachVoice() {
  const [isMuted, setIsMuted] = useState(readIsMuted);
  const audio = useRef<AudioContext | null>(null);
  const canSpeak = typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
  const setMuted = (muted: boolean) => {
    setIsMuted(muted);
    try {
      localStorage.setItem(VOICE_STORAGE_KEY, muted ? 'off' : 'on');
    } catch {
      // Private mode without storage: the switch still works for this visit.
    }
    if (muted && canSpeak) window.speechSynthesis.cancel();
  };
  const speak = (lines: readonly string[], isUrgent: boolean) => {
    if (isMuted || !canSpeak || lines.length === 0) return;
    // A count said late is wrong: drop what is still waiting, never what is being said.
    if (isUrgent && window.speechSynthesis.pending) window.speechSynthesis.cancel();
    lines.forEach((line) => window.speechSynthesis.speak(new SpeechSynthesisUtterance(line)));
  };
  const chime = (kind: TChime) => {
    if (isMuted || typeof AudioContext === 'undefined') return;
    try {
      audio.current ??= new AudioContext();
      playChime(audio.current, kind);
    } catch {
      // No audio output (or the browser refuses before a gesture): the cues are still spoken and shown.
    }
  };
  return {
    isMuted,
    canSpeak,
    setMuted,
    /** Counts and form cues: they replace what is still waiting. */
    say: (lines: readonly string[]) => speak(lines, true),
    /** Transitions: queued after what is being said. */
    announce: (lines: readonly string[]) => speak(lines, false),
    chime,
  };
}
