/** The administration area (loaded on demand, admins only). */
import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';

const areas = [
  { label: 'Users', to: paths.adminUsers(), description: 'Find users, see their details and roles.' },
  { label: 'Activities', to: paths.adminActivities(), description: 'Activities, their movements and routines.' },
  { label: 'Movescore', to: paths.adminMovescore(), description: 'Groups, movements and camera perspectives.' },
] as const;

const titles: Record<string, string> = {
  administration: 'Administration',
  'admin-users': 'Users',
  'admin-user': 'User details',
  'admin-activities': 'Activities',
  'admin-activity': 'Activity details',
  'admin-movement': 'Movement details',
  'admin-routines': 'Routines',
  'admin-movescore': 'Movescore groups',
  'admin-movescore-group': 'Movescore group',
  'admin-movescore-movement': 'Movescore movement',
  'admin-movescore-perspective': 'Movescore perspective',
};

export default function AdminRoute() {
  const routeName = useAppStore((state) => state.currentRoutePath);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{titles[routeName] ?? 'Administration'}</PageTitle>
      <nav aria-label="Administration">
        <ul className="grid gap-3 md:grid-cols-3">
          {areas.map((area) => (
            <li key={area.label}>
              <Link to={area.to} className="flex flex-col rounded-xl bg-surface p-4 hover:bg-surface-raised">
                <span className="font-semibold">{area.label}</span>
                <span className="text-sm text-muted">{area.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-muted">The management screens for this section open here soon.</p>
    </div>
  );
}
