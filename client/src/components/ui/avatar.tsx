/** A round user picture, or the user's initials when there is none (URL '') or it fails to load. */
import { useState } from 'react';

export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return letters || '?';
}

export function Avatar({ url, name, size = 40, className = '' }: { url: string; name: string; size?: number; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (url && url !== failedUrl) {
    return (
      <img
        src={url}
        alt={`${name}'s avatar`}
        width={size}
        height={size}
        style={style}
        className={`shrink-0 rounded-full object-cover ${className}`}
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name}'s initials`}
      style={{ ...style, fontSize: Math.round(size * 0.4) }}
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-secondary/25 font-semibold text-secondary ${className}`}
    >
      {initials(name)}
    </span>
  );
}
