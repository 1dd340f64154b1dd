/** Movescore screens (loaded on demand): group, movement and perspective choice come next. */
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function MovescoreHomeRoute() {
  return (
    <div className="flex flex-col gap-4">
      <PlaceholderPage title="Movescore" description="Analyse a movement with your camera and get a score from 0 to 100%." />
      <Link to={paths.movescoreSelectGroup()} className={buttonClasses('primary', 'self-start')}>
        Start an analysis
      </Link>
    </div>
  );
}

export function MovescoreSelectGroupRoute() {
  return <PlaceholderPage title="Choose a group" description="The movescore groups to analyse are listed here." />;
}

export function MovescoreSelectMovementRoute() {
  return <PlaceholderPage title="Choose a movement" description="The movements of this group are listed here." />;
}

export function MovescoreSelectPerspectiveRoute() {
  return <PlaceholderPage title="Choose a perspective" description="Pick the camera perspective, then start the analysis." />;
}
