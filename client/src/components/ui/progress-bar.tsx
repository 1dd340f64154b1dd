/** A determinate progress bar (uploads): `fraction` 0..1, announced as a percentage. */
export function ProgressBar({ label, fraction, className = '' }: { label: string; fraction: number; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-2 overflow-hidden rounded-full ${className}`}
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
