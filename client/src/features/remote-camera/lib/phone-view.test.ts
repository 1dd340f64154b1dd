import { describe, expect, it } from 'vitest';
import { initialCameraState, type TCameraState } from './camera-state';
import { GENERAL_PLACEMENT_TEXT, isPairedIdle, isStreaming, needsCode, placementText, statusText } from './phone-view';

const inPhase = (phase: TCameraState['phase']): TCameraState => ({ ...initialCameraState, phase });

describe('the phone page view', () => {
  it("says where to stand the phone for the movement's view, and general advice before one is chosen", () => {
    expect(placementText('side')).toMatch(/2–3 m away at hip height, side-on to you/);
    expect(placementText('front')).toMatch(/facing you/);
    expect(placementText('back')).toMatch(/behind you/);
    expect(placementText(null)).toBe(GENERAL_PLACEMENT_TEXT);
    const views = ['front', 'side', 'back', 'other'] as const;
    expect(new Set([...views.map((view) => placementText(view)), placementText(null)]).size).toBe(5);
  });

  it('names the desktop in the status once joined, but not once stopped', () => {
    expect(statusText(inPhase('idle'), undefined)).toBe('Ready');
    expect(statusText(inPhase('live'), 'Ada')).toBe('Streaming to the desktop · Ada');
    expect(statusText(inPhase('ended'), 'Ada')).toBe('Stopped');
  });

  it('asks for the code without a link, unless a stored place can still be resumed', () => {
    expect(needsCode(true, false, 'idle')).toBe(false);
    expect(needsCode(false, false, 'idle')).toBe(true);
    expect(needsCode(false, true, 'idle')).toBe(false);
    // The stored place is used up once a start ended or failed.
    expect(needsCode(false, true, 'failed')).toBe(true);
    expect(needsCode(false, true, 'ended')).toBe(true);
  });

  it('says the desktop sees nothing yet only while paired before Start', () => {
    expect(isPairedIdle('idle', true)).toBe(true);
    expect(isPairedIdle('idle', false)).toBe(false);
    expect(isPairedIdle('live', true)).toBe(false);
    expect(isPairedIdle('ended', true)).toBe(false);
  });

  it('shows Stop from joining until the stream ends or fails', () => {
    expect(['joining', 'connecting', 'live', 'reconnecting'].every((phase) => isStreaming(phase as TCameraState['phase']))).toBe(true);
    expect(['idle', 'ended', 'failed'].some((phase) => isStreaming(phase as TCameraState['phase']))).toBe(false);
  });
});
