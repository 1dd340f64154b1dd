import { DEFAULT_DISPLAY_NAME } from '@movelab/shared';
import { PageTitle } from '@/components/ui/page';

function partOfDay(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The placeholder name of a user who never chose one is not a name to greet them with. */
const isChosenName = (displayName: string) => displayName.trim() !== '' && displayName.trim() !== DEFAULT_DISPLAY_NAME;

export function Greeting({ displayName, now = new Date() }: { displayName: string; now?: Date }) {
  return (
    <div className="flex flex-col gap-1">
      <PageTitle>
        {partOfDay(now.getHours())}
        {isChosenName(displayName) ? (
          <>
            , <span className="text-primary">{displayName}</span>
          </>
        ) : null}
      </PageTitle>
      <p className="text-muted">What do you want to practise today?</p>
    </div>
  );
}
