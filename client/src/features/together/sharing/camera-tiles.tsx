/**
 * The cameras others share with the group (at most GROUP_MAX_SHARED_VIDEOS): a grid of tiles,
 * each a muted video labelled with its owner's name, "Connecting…" until the picture comes, and
 * a plain message when it cannot.
 */
import type { TGroupMember } from '@movelab/shared';
import { useEffect, useRef, useState } from 'react';
import type { TTile } from './mesh';

/** A tile still without a picture after this long says it could not connect. */
export const TILE_TIMEOUT_MS = 20_000;

function TileVideo({ name, stream }: { name: string; stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return (
    <video ref={ref} aria-label={`${name}'s camera`} muted playsInline autoPlay className="aspect-video w-full rounded-xl bg-black object-cover" />
  );
}

function CameraTile({ member, tile }: { member: TGroupMember; tile: TTile | undefined }) {
  const [isLate, setIsLate] = useState(false);
  const isPlaying = tile?.status === 'playing' && tile.stream !== null;
  useEffect(() => {
    if (isPlaying) return;
    const timer = setTimeout(() => setIsLate(true), TILE_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      setIsLate(false);
    };
  }, [isPlaying]);
  const hasFailed = tile?.status === 'failed' || (isLate && !isPlaying);
  return (
    <li className="flex min-w-0 flex-col gap-1">
      {isPlaying && tile.stream ? (
        <TileVideo name={member.name} stream={tile.stream} />
      ) : (
        <p role="status" className="grid aspect-video place-items-center rounded-xl bg-surface p-3 text-center text-sm">
          {hasFailed
            ? `${member.name}’s camera could not connect. It tries again by itself; a network that blocks video calls may stop it.`
            : 'Connecting…'}
        </p>
      )}
      <span className="truncate text-sm font-medium">{member.name}</span>
    </li>
  );
}

export function CameraTiles({ sharers, tiles }: { sharers: TGroupMember[]; tiles: ReadonlyMap<string, TTile> }) {
  if (sharers.length === 0) return null;
  return (
    <section aria-label="Shared cameras" className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">Shared cameras ({sharers.length})</h3>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {sharers.map((member) => (
          <CameraTile key={member.uid} member={member} tile={tiles.get(member.uid)} />
        ))}
      </ul>
    </section>
  );
}
