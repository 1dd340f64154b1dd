import { PageTitle } from '@/components/ui/page';

function partOfDay(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function Greeting({ displayName, now = new Date() }: { displayName: string; now?: Date }) {
  return (
    <div className="flex flex-col gap-1">
      <PageTitle>
        {partOfDay(now.getHours())}, <span className="text-primary">{displayName}</span>
      </PageTitle>
      <p className="text-muted">What do you want to practise today?</p>
    </div>
  );
}
