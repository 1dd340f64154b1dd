/** /together: what practising together is, joining with a code, and where to start a session. */
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { JoinCodeForm } from './join-code-form';

export function TogetherHome() {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Practise together</PageTitle>
      <p className="max-w-2xl text-muted">
        Practise a routine or a movement live with friends or a class: each person uses their own camera, and everyone’s count shows on every screen.
        Your video never leaves your device.
      </p>
      <JoinCodeForm />
      <section aria-labelledby="start-title" className="flex flex-col items-start gap-2">
        <h2 id="start-title" className="text-lg font-semibold">
          Start a session
        </h2>
        <p className="text-muted">Open a routine or a movement on Discover and choose “Practise together”.</p>
        <Link to={paths.discover()} className={buttonClasses('secondary')}>
          Go to Discover
        </Link>
      </section>
    </div>
  );
}
