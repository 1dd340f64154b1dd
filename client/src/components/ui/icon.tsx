/** A Material Design icon from @mdi/js path data, shipped in the bundle (no icon font, no CDN). */
export function Icon({ path, size = 24, className, title }: { path: string; size?: number; className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d={path} fill="currentColor" />
    </svg>
  );
}
