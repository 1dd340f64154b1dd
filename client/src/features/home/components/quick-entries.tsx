import { mdiCamera, mdiChevronRight, mdiCompass, mdiVideoCheck } from '@mdi/js';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

const entries = [
  { label: 'Practice', description: 'Find an activity in Discover and practise with your camera', icon: mdiCompass, to: paths.discover() },
  { label: 'Movescore', description: 'Analyse a movement and get your score', icon: mdiVideoCheck, to: paths.movescoreSelectGroup() },
  { label: 'Remote Cam', description: 'Use your phone as a camera for this screen', icon: mdiCamera, to: paths.remoteStreaming() },
] as const;

export function QuickEntries() {
  return (
    <ul className="grid gap-3 md:grid-cols-3">
      {entries.map((entry) => (
        <li key={entry.label}>
          <Link
            to={entry.to}
            className="group flex h-full items-center gap-4 rounded-xl bg-surface p-4 transition-colors hover:bg-surface-raised"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
              <Icon path={entry.icon} />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold">{entry.label}</span>
              <span className="text-sm text-muted">{entry.description}</span>
            </span>
            <Icon path={mdiChevronRight} className="shrink-0 text-muted group-hover:text-primary" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
