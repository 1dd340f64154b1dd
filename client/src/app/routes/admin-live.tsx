/** /administration/live (admins only): its own chunk, so the chart library loads only here. */
import { PageTitle } from '@/components/ui/page';
import { LiveDashboard } from '@/features/live';

export default function AdminLiveRoute() {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Live</PageTitle>
      <LiveDashboard />
    </div>
  );
}
