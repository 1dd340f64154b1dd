import { Section } from '@/components/ui/page';
import { Greeting, MyActivities, MyRoutines, QuickEntries } from '@/features/home';
import { RecentSessions } from '@/features/movescore';
import { useAppStore } from '@/stores/app-store';

export default function HomeRoute() {
  const currentUser = useAppStore((state) => state.currentUser);
  // The guard only lets signed-in users here; this keeps the types honest.
  if (!currentUser) return null;
  return (
    <div className="flex flex-col gap-8">
      <Greeting displayName={currentUser.displayName} />
      <QuickEntries />
      <Section title="Recent sessions">
        <RecentSessions uid={currentUser.uid} />
      </Section>
      <MyActivities ids={currentUser.activities} />
      <MyRoutines ids={currentUser.routineSubscriptions} />
    </div>
  );
}
