import type { Request } from 'express';

/** The origin links should point at: PUBLIC_URL when set, else the request's own origin. */
export function requestOrigin(req: Request, publicUrl?: string): string {
  if (publicUrl) return publicUrl;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
