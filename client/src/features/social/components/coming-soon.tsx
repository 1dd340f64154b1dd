import { mdiArrowLeft } from '@mdi/js';
import { PRODUCT_NAME } from '@movelab/shared';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';

export type TComingSoonProps = {
  title: string;
  /** @mdi/js path of the illustration. */
  icon: string;
  intro: string;
  /** What the page will offer. */
  upcoming: readonly string[];
};

/** A social page of the navigation that is announced but not open yet (spec §1/§2). */
export function ComingSoonPage({ title, icon, intro, upcoming }: TComingSoonProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 py-6 text-center">
      <div aria-hidden="true" className="relative flex size-40 items-center justify-center rounded-full bg-primary/10">
        <div className="absolute inset-4 rounded-full border border-dashed border-primary/40" />
        <Icon path={icon} size={80} className="text-primary" />
      </div>
      <span className="rounded-full bg-secondary/20 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-secondary">
        Coming soon
      </span>
      <PageTitle>{title}</PageTitle>
      <p className="text-muted">{intro}</p>
      <section aria-label="What is coming" className="w-full rounded-xl bg-surface p-6 text-left">
        <h2 className="mb-3 text-lg font-semibold">What is coming</h2>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-on-surface">
          {upcoming.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <Link to={paths.home()} className={buttonClasses('secondary')}>
        <Icon path={mdiArrowLeft} size={18} />
        Back to {PRODUCT_NAME} home
      </Link>
    </div>
  );
}
