/**
 * What an admin's socket hears live: connected users, active remote sessions, running group
 * sessions, and analyses and finished practices as they are saved. The gateway sends presence,
 * sessions and groups on connect and on every change.
 */
import type { TLiveAnalysis, TLiveGroup, TLivePractice, TLiveSession, TPresenceUser } from '@movelab/shared';
import { useEffect, useState } from 'react';
import { useUserSocket } from '@/lib/socket/socket-context';

export type TLiveFeed = {
  users: TPresenceUser[];
  sessions: TLiveSession[];
  groups: TLiveGroup[];
  analyses: TLiveAnalysis[];
  practices: TLivePractice[];
  isConnected: boolean;
};

/** Results kept in memory per kind: an hour of a busy day, newest first. */
export const MAX_ANALYSES = 500;
export const CHART_WINDOW_MS = 60 * 60_000;

/** Adds a result unless one with the same id is there (a retried save is announced twice). */
function addOnce<T>(list: readonly T[], entry: T, idOf: (entry: T) => string): T[] {
  if (list.some((existing) => idOf(existing) === idOf(entry))) return [...list];
  return [entry, ...list].slice(0, MAX_ANALYSES);
}

export const addAnalysis = (list: readonly TLiveAnalysis[], live: TLiveAnalysis) => addOnce(list, live, (entry) => entry.analysis.id);
export const addPractice = (list: readonly TLivePractice[], live: TLivePractice) => addOnce(list, live, (entry) => entry.session.id);

export type TChartPoint = { time: number; score: number; user: string };

/** Points for the score chart: the last hour, oldest first, score in percent; practices without a score and analyses whose form was not judged are left out. */
export function chartPoints(list: readonly (TLiveAnalysis | TLivePractice)[], now: number): TChartPoint[] {
  return list
    .flatMap((entry) => {
      const { createdAt, score } = 'analysis' in entry ? entry.analysis : entry.session;
      return score === null ? [] : [{ time: Date.parse(createdAt), score: Math.round(score * 100), user: entry.userName }];
    })
    .filter((point) => point.time >= now - CHART_WINDOW_MS)
    .sort((a, b) => a.time - b.time);
}

export function useLiveFeed(): TLiveFeed {
  const { socket, status, latest } = useUserSocket();
  // Whatever arrived between connect and this page's subscription is the starting point.
  const [users, setUsers] = useState<TPresenceUser[]>(latest.users ?? []);
  const [sessions, setSessions] = useState<TLiveSession[]>(latest.sessions ?? []);
  const [groups, setGroups] = useState<TLiveGroup[]>(latest.groups ?? []);
  const [analyses, setAnalyses] = useState<TLiveAnalysis[]>([]);
  const [practices, setPractices] = useState<TLivePractice[]>([]);

  useEffect(() => {
    if (!socket) return;
    const onPresence = ({ users: next }: { users: TPresenceUser[] }) => setUsers(next);
    const onSessions = ({ sessions: next }: { sessions: TLiveSession[] }) => setSessions(next);
    const onGroups = ({ groups: next }: { groups: TLiveGroup[] }) => setGroups(next);
    const onAnalysis = (live: TLiveAnalysis) => setAnalyses((list) => addAnalysis(list, live));
    const onPractice = (live: TLivePractice) => setPractices((list) => addPractice(list, live));
    socket.on('presence:update', onPresence);
    socket.on('presence:sessions', onSessions);
    socket.on('presence:groups', onGroups);
    socket.on('analysis:created', onAnalysis);
    socket.on('practice:created', onPractice);
    return () => {
      socket.off('presence:update', onPresence);
      socket.off('presence:sessions', onSessions);
      socket.off('presence:groups', onGroups);
      socket.off('analysis:created', onAnalysis);
      socket.off('practice:created', onPractice);
    };
  }, [socket]);

  return { users, sessions, groups, analyses, practices, isConnected: status === 'connected' };
}
