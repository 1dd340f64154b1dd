import { useState } from 'react';

/** Remembered on this device: the one switch that mutes the coach's voice. */
export const VOICE_STORAGE_KEY = 'movelab.coach.voice';

function readIsMuted(): boolean {
  try {
    return localStorage.getItem(VOICE_STORAGE_KEY) === 'off';
  } catch {
    return false;
  }
}

/** The browser's own speech synthesis (nothing fetched): on by default, muted by one switch. */
export function useCoachVoice() {
  const [isMuted, setIsMuted] = useState(readIsMuted);
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
  const say = (lines: readonly string[]) => {
    if (isMuted || !canSpeak || lines.length === 0) return;
    // A count said late is wrong: drop what is still waiting, never what is being said.
    if (window.speechSynthesis.pending) window.speechSynthesis.cancel();
    lines.forEach((line) => window.speechSynthesis.speak(new SpeechSynthesisUtterance(line)));
  };
  return { isMuted, canSpeak, setMuted, say };
}
