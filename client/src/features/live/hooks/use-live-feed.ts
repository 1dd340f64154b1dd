/**
 * What an admin's socket hears live: connected users, active remote sessions and analyses as
 * they are saved. The gateway sends presence and sessions on connect and on every change.
 */
import type { TLiveAnalysis, TLiveSession, TPresenceUser } from '@movelab/shared';
import { useEffect, useState } from 'react';
import { useUserSocket } from '@/lib/socket/socket-context';

export type TLiveFeed = {
  users: TPresenceUser[];
  sessions: TLiveSession[];
  analyses: TLiveAnalysis[];
  isConnected: boolean;
};

/** Analyses kept in memory: an hour of a busy day, newest first. */
export const MAX_ANALYSES = 500;
export const CHART_WINDOW_MS = 60 * 60_000;

export function addAnalysis(list: readonly TLiveAnalysis[], live: TLiveAnalysis): TLiveAnalysis[] {
  if (list.some((entry) => entry.analysis.id === live.analysis.id)) return [...list];
  return [live, ...list].slice(0, MAX_ANALYSES);
}

/** Points for the score chart: the last hour, oldest first, score in percent. */
export function chartPoints(list: readonly TLiveAnalysis[], now: number): { time: number; score: number; user: string }[] {
  return list
    .map((entry) => ({ time: Date.parse(entry.analysis.createdAt), score: Math.round(entry.analysis.score * 100), user: entry.userName }))
    .filter((point) => point.time >= now - CHART_WINDOW_MS)
    .sort((a, b) => a.time - b.time);
}

export function useLiveFeed(): TLiveFeed {
  const { socket, status, latest } = useUserSocket();
  // Whatever arrived between connect and this page's subscription is the starting point.
  const [users, setUsers] = useState<TPresenceUser[]>(latest.users ?? []);
  const [sessions, setSessions] = useState<TLiveSession[]>(latest.sessions ?? []);
  const [analyses, setAnalyses] = useState<TLiveAnalysis[]>([]);

  useEffect(() => {
    if (!socket) return;
    const onPresence = ({ users: next }: { users: TPresenceUser[] }) => setUsers(next);
    const onSessions = ({ sessions: next }: { sessions: TLiveSession[] }) => setSessions(next);
    const onAnalysis = (live: TLiveAnalysis) => setAnalyses((list) => addAnalysis(list, live));
    socket.on('presence:update', onPresence);
    socket.on('presence:sessions', onSessions);
    socket.on('analysis:created', onAnalysis);
    return () => {
      socket.off('presence:update', onPresence);
      socket.off('presence:sessions', onSessions);
      socket.off('analysis:created', onAnalysis);
    };
  }, [socket]);

  return { users, sessions, analyses, isConnected: status === 'connected' };
}
