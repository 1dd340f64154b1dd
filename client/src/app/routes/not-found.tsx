import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PlaceholderPage } from '@/components/ui/page';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <div className="flex flex-col gap-4">
      <PlaceholderPage title="Page not found" description="There is nothing at this address." />
      <Link to={paths.home()} className={buttonClasses('primary', 'self-start')}>
        Go home
      </Link>
    </div>
  );
}
