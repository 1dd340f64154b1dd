/**
 * "Share my camera with the group": off by default, and it says plainly what turning it on does
 * (the others see the video; without it only the count leaves the device).
 */
import { GROUP_MAX_SHARED_VIDEOS } from '@movelab/shared';

type TShareSwitchProps = {
  isOn: boolean;
  /** Others can see the video now (the gateway agreed and the camera is open). */
  isLive: boolean;
  error: string | null;
  onChange: (sharing: boolean) => void;
};

export function ShareSwitch({ isOn, isLive, error, onChange }: TShareSwitchProps) {
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        aria-describedby="share-camera-note"
        onClick={() => onChange(!isOn)}
        className="flex min-h-11 items-center gap-3 self-start rounded-full py-1 pr-4 pl-1 text-left font-medium focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span
          aria-hidden="true"
          className={`flex h-7 w-12 shrink-0 items-center rounded-full p-1 transition-colors ${isOn ? 'bg-primary' : 'bg-white/20'}`}
        >
          <span className={`size-5 rounded-full bg-background transition-transform ${isOn ? 'translate-x-5' : ''}`} />
        </span>
        Share my camera with the group
      </button>
      <p id="share-camera-note" className="text-sm text-muted">
        {isOn
          ? isLive
            ? 'The others in this session see your camera’s video now.'
            : 'Your video will show to the others as soon as your camera is on.'
          : `Off: your video stays on this device. Turn it on and everyone in this session sees your camera (up to ${GROUP_MAX_SHARED_VIDEOS} people can share).`}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
