/**
 * "Share my camera with the group": off by default, and it says plainly what turning it on does
 * (the others see the video; without it only the count leaves the device).
 */
import { GROUP_MAX_SHARED_VIDEOS } from '@movelab/shared';
import { Switch } from '@/components/ui/switch';

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
      <Switch isOn={isOn} onChange={onChange} describedBy="share-camera-note">
        Share my camera with the group
      </Switch>
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
