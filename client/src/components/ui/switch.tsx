/**
 * An on/off switch: a button with role "switch", its state in aria-checked and a track drawn beside
 * its label. A native button, so Space and Enter toggle it and the practice's own keys (which
 * ignore keys typed on a button) are left alone.
 */
import type { ReactNode } from 'react';

type TSwitchProps = {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  children: ReactNode;
  isDisabled?: boolean;
  /** The id of the text that says what turning it on does. */
  describedBy?: string;
  className?: string;
};

export function Switch({ isOn, onChange, children, isDisabled, describedBy, className = 'self-start font-medium' }: TSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-describedby={describedBy}
      disabled={isDisabled}
      onClick={() => onChange(!isOn)}
      className={`flex min-h-11 items-center gap-3 rounded-full py-1 pr-4 pl-1 text-left focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60 ${className}`}
    >
      <span
        aria-hidden="true"
        className={`flex h-7 w-12 shrink-0 items-center rounded-full p-1 transition-colors ${isOn ? 'bg-primary' : 'bg-white/20'}`}
      >
        <span className={`size-5 rounded-full bg-background transition-transform ${isOn ? 'translate-x-5' : ''}`} />
      </span>
      {children}
    </button>
  );
}
