import { mdiClockOutline, mdiImageOff, mdiSignal } from '@mdi/js';
import { DIFFICULTY_LABELS, type TActivity } from '@movelab/shared';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

export function difficultyLabel(difficulty: TActivity['difficulty']): string {
  return DIFFICULTY_LABELS[difficulty];
}

/** An activity in the discover grid: image, name, difficulty and duration. */
export function ActivityCard({ activity }: { activity: TActivity }) {
  return (
    <li>
      <Link
        to={paths.discoverActivity({ id: activity.id })}
        className="flex h-full flex-col overflow-hidden rounded-xl bg-surface transition-colors hover:bg-surface-raised"
      >
        {activity.imageUrl ? (
          <img src={activity.imageUrl} alt="" className="aspect-video w-full object-cover" loading="lazy" />
        ) : (
          <span className="flex aspect-video w-full items-center justify-center bg-surface-raised text-muted">
            <Icon path={mdiImageOff} size={32} />
          </span>
        )}
        <span className="flex flex-col gap-2 p-4">
          <span className="font-semibold">{activity.name}</span>
          <span className="flex flex-wrap gap-4 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <Icon path={mdiSignal} size={16} />
              {difficultyLabel(activity.difficulty)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Icon path={mdiClockOutline} size={16} />
              {activity.durationMinutes} min
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}
